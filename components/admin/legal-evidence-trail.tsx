import { Badge } from "@/components/ui/badge";
import { Table } from "@/components/ui/table";
import type { LegalRequestDetail } from "@/lib/domains/legal/requests/load-legal-request";
import { correctionLine } from "@/lib/domains/legal/corrections/note-text";
import { CORRECTION_KIND, eventLabel, formatWhen, MEASURE } from "./legal-labels";
import { isMeasure } from "@/lib/domains/legal-terms/request-status";

const noteOf = (data: unknown): string | null =>
  data && typeof data === "object" && typeof (data as { note?: unknown }).note === "string" ? (data as { note: string }).note : null;
const measureOf = (data: unknown): string | null => {
  const m = data && typeof data === "object" ? (data as { measure?: unknown }).measure : null;
  return isMeasure(m) ? MEASURE[m].label : null;
};

const short = (hash: unknown) => (typeof hash === "string" ? `${hash.slice(0, 12)}…` : "–");

/**
 * The complete evidence trail: every step (insert-only events with actor and note), the signed
 * archive entries with their signature checked now, and the public notes the request produced.
 */
export function LegalEvidenceTrail({ detail }: { detail: LegalRequestDetail }) {
  return (
    <section className="panel" aria-labelledby="legal-trail-heading">
      <h2 id="legal-trail-heading">Nachweise</h2>
      <p className="hint">
        Schritte, öffentliche Hinweise und Archiveinträge sind unveränderlich: Die Datenbank lehnt jede Änderung und Löschung ab.
      </p>
      <h3>Verlauf</h3>
      <Table className="legal-events">
        <thead>
          <tr>
            <th scope="col">Zeitpunkt</th>
            <th scope="col">Schritt</th>
            <th scope="col">Von</th>
            <th scope="col">Vermerk</th>
          </tr>
        </thead>
        <tbody>
          {detail.events.map((e) => (
            <tr key={e.id}>
              <td>{formatWhen(e.createdAt)}</td>
              <td>
                {eventLabel(e.type)}
                {measureOf(e.data) ? <span className="meta"> · {measureOf(e.data)}</span> : null}
              </td>
              <td>{e.actor ? e.actor.name || e.actor.email : e.type === "received" ? "Antragsteller (Formular)" : "System"}</td>
              <td className="legal-text">{noteOf(e.data) ?? <span className="meta">–</span>}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <h3>Signierte Archiveinträge</h3>
      {detail.archiveEntries.length ? (
        <Table className="legal-archive">
          <thead>
            <tr>
              <th scope="col">Eintrag</th>
              <th scope="col">Zeitpunkt</th>
              <th scope="col">Signatur</th>
              <th scope="col">Text vorher → nachher (SHA-256)</th>
            </tr>
          </thead>
          <tbody>
            {detail.archiveEntries.map((a) => {
              const release = (a.payload as { release?: { contentHashBefore?: unknown; contentHashAfter?: unknown } | null }).release;
              return (
                <tr key={a.id}>
                  <td>
                    Nr. {a.id} <span className="meta">({a.kind})</span>
                  </td>
                  <td>{formatWhen(a.createdAt)}</td>
                  <td>
                    {/* The class names are hooks: the browser tests look for an invalid signature by it. */}
                    <Badge
                      tone={a.signatureValid ? "success" : "danger"}
                      className={a.signatureValid ? "legal-signature-valid" : "legal-signature-invalid"}
                    >
                      {a.signatureValid ? "gültig" : "ungültig"}
                    </Badge>
                    <span className="meta"> Schlüssel {a.signingKeyId}</span>
                  </td>
                  <td>
                    <code>
                      {release ? `${short(release.contentHashBefore)} → ${short(release.contentHashAfter)}` : "keine Pressemitteilung"}
                    </code>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      ) : (
        <p className="empty">Noch keiner: Er entsteht mit der Umsetzung.</p>
      )}
      <h3>Öffentliche Hinweise</h3>
      {detail.corrections.length ? (
        <ul className="legal-corrections">
          {detail.corrections.map((c) => (
            <li key={c.id}>
              <Badge>{CORRECTION_KIND[c.kind]}</Badge> {correctionLine(c, c.language)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty">Keine.</p>
      )}
    </section>
  );
}
