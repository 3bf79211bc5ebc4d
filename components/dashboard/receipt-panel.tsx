import { Table } from "@/components/ui/table";
import type { ReceiptRow } from "@/lib/adapters/dashboard/release-receipts";
import { formatBerlin } from "@/lib/core/time/berlin-time";

/**
 * "Veröffentlichungsnachweise" on the customer's release page: the signed receipts of the
 * release, newest first, each to download as JSON (the signed file) or as PDF, and where anyone
 * can check them. Shown once the release has a receipt, i.e. from its first publication.
 */
export function ReceiptPanel({ receipts }: { receipts: ReceiptRow[] }) {
  return (
    <section className="panel" aria-labelledby="receipts-heading">
      <h2 id="receipts-heading">Veröffentlichungsnachweise</h2>
      <p className="meta">
        Zu jeder Veröffentlichung und jeder späteren Änderung, Berichtigung oder Entfernung stellen wir einen signierten Nachweis aus: was
        wann unter welcher Adresse zu sehen war. Ob ein Nachweis echt und unverändert ist, kann jeder unter{" "}
        <a href="/nachweis-pruefen">Nachweis prüfen</a> kontrollieren.
      </p>
      <Table caption="Nachweise dieser Pressemitteilung">
        <thead>
          <tr>
            <th scope="col">Nr.</th>
            <th scope="col">Ereignis</th>
            <th scope="col">Ausgestellt</th>
            <th scope="col">Schlüssel</th>
            <th scope="col">Herunterladen</th>
          </tr>
        </thead>
        <tbody>
          {receipts.map((r) => (
            <tr key={r.sequence}>
              <td>{r.sequence}</td>
              <td>{r.event}</td>
              <td className="meta">{formatBerlin(r.issuedAt)}</td>
              <td>
                <code>{r.keyShort}</code>
              </td>
              <td>
                <a href={r.jsonHref} download aria-label={`Nachweis ${r.sequence} als JSON-Datei herunterladen`}>
                  JSON
                </a>
                {" · "}
                <a href={r.pdfHref} download aria-label={`Nachweis ${r.sequence} als PDF herunterladen`}>
                  PDF
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}
