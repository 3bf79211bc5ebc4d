import { Table } from "@/components/ui/table";
import type { Statement } from "@/lib/domains/releases/receipts/receipt-statements";
import styles from "./receipts.module.css";

/** A receipt's statements as a table: one row per statement, its label as the row header. */
export function ReceiptFacts({
  statements,
  caption,
  headers,
}: {
  statements: Statement[];
  caption: string;
  headers: { statement: string; value: string };
}) {
  return (
    <Table caption={caption} showCaption>
      <thead>
        <tr>
          <th scope="col">{headers.statement}</th>
          <th scope="col">{headers.value}</th>
        </tr>
      </thead>
      <tbody>
        {statements.map((s) => (
          <tr key={s.label}>
            <th scope="row">{s.label}</th>
            <td className={styles.value}>
              {s.lines.map((line, i) => (
                <span key={i}>
                  {i > 0 ? <br /> : null}
                  {line}
                </span>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
