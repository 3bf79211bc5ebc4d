import Link from "next/link";
import { Table } from "@/components/ui/table";
import type { ContactMessageStatus } from "@/lib/generated/prisma/enums";
import { formatBerlin } from "@/lib/core/time/berlin-time";

export interface ContactMessageRow {
  id: number;
  name: string;
  email: string;
  subject: string;
  language: "de" | "en";
  createdAt: Date;
  answeredAt: Date | null;
  answeredBy: { name: string } | null;
}

/** The contact queue: one row per message, its subject leading to the detail with the answer form. */
export function ContactMessageTable({ rows, status }: { rows: ContactMessageRow[]; status: ContactMessageStatus }) {
  return (
    <Table caption="Kontaktanfragen">
      <thead>
        <tr>
          <th scope="col">Eingang</th>
          <th scope="col">Betreff</th>
          <th scope="col">Von</th>
          <th scope="col">Sprache</th>
          {status === "open" ? null : <th scope="col">{status === "answered" ? "Beantwortet" : "Geschlossen"}</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <td>{formatBerlin(r.createdAt)}</td>
            <td>
              <Link href={`/admin/contact/${r.id}`}>{r.subject}</Link>
            </td>
            <td>
              {r.name}
              <br />
              <span className="meta">{r.email}</span>
            </td>
            <td>{r.language === "de" ? "Deutsch" : "Englisch"}</td>
            {status === "open" ? null : (
              <td>
                {formatBerlin(r.answeredAt)}
                {r.answeredBy ? <span className="meta contact-handler">von {r.answeredBy.name}</span> : null}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
