import { Table } from "@/components/ui/table";
import { SystemDiagnostic } from "./system-diagnostic";
import type { SystemStatus } from "@/lib/adapters/operations/load-system-status";
import { FAILED_MAIL_DAYS } from "@/lib/domains/mail/failed-mail";
import { SystemTime } from "./system-time";
import { nf } from "./system-labels";

/** Mails the sender gave up on in the last days, newest first, with the relay's last answer. */
export function SystemFailedMailTable({ mails }: { mails: SystemStatus["failedMails"] }) {
  if (!mails.length)
    return <p className="empty">In den letzten {FAILED_MAIL_DAYS} Tagen ist jede E-Mail zugestellt oder noch unterwegs.</p>;
  return (
    <Table caption={`Nicht zugestellte E-Mails der letzten ${FAILED_MAIL_DAYS} Tage, neueste zuerst`} compact>
      <thead>
        <tr>
          <th scope="col">Erstellt</th>
          <th scope="col">An</th>
          <th scope="col">Art</th>
          <th scope="col" className="amount">
            Versuche
          </th>
          <th scope="col">Letzte Antwort des Versanddienstes</th>
        </tr>
      </thead>
      <tbody>
        {mails.map((m) => (
          <tr key={m.id}>
            <td className="report-nowrap">
              <SystemTime at={m.createdAt} />
            </td>
            <td>{m.to}</td>
            <td>{m.kind}</td>
            <td className="amount">{nf.format(m.attempts)}</td>
            <td>
              <SystemDiagnostic text={m.lastError} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
