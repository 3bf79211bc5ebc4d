import { INDEX_STATE_LABELS } from "@/components/admin/report-indexing-tables";
import type { IndexNowPingStatus, IndexNowReason } from "@/lib/generated/prisma/enums";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import type { IndexCheckRow } from "@/lib/adapters/public/seo/index-inspection/release-index-status";
import type { latestIndexNowPings } from "@/lib/adapters/public/seo/indexnow/release-pings";
import { INDEX_STATE_TONES } from "@/components/dashboard/index-status-block";
import { Badge } from "@/components/ui/badge";
import { Table } from "@/components/ui/table";

const REASON_LABELS: Record<IndexNowReason, string> = { publish: "Veröffentlichung", correction: "Korrektur", removal: "Entfernung" };
const PING_STATUS_LABELS: Record<IndexNowPingStatus, string> = {
  pending: "wartet",
  sent: "gesendet",
  failed: "fehlgeschlagen",
  recorded: "nur vermerkt (lokal)",
  dropped: "verworfen (nicht mehr öffentlich)",
};
const INSPECTOR_LABELS: Record<string, string> = { "search-console": "Search Console", embedded: "lokale Schätzung" };

/** What the answer said in a few words: the coverage sentence, or why the inspection failed. */
function answerSummary(answer: unknown): string {
  const a = (answer ?? {}) as { coverageState?: unknown; error?: unknown; lastCrawlTime?: unknown };
  const parts = [a.error, a.coverageState].filter((v): v is string => typeof v === "string" && v.length > 0);
  return parts.join(" · ") || "–";
}

/** Admin release detail: the latest index checks and IndexNow pings of one release, always shown. */
export function IndexStatusPanel({ checks, pings }: { checks: IndexCheckRow[]; pings: Awaited<ReturnType<typeof latestIndexNowPings>> }) {
  return (
    <section className="panel" aria-labelledby="index-status-heading">
      <h2 id="index-status-heading">Suchindex</h2>
      <h3>Indexprüfungen</h3>
      {checks.length ? (
        <Table caption="Die letzten Indexprüfungen dieser Pressemitteilung">
          <thead>
            <tr>
              <th scope="col">Geprüft</th>
              <th scope="col">Stand</th>
              <th scope="col">Antwort</th>
              <th scope="col">Quelle</th>
            </tr>
          </thead>
          <tbody>
            {checks.map((c) => (
              <tr key={c.id}>
                <td className="meta">{formatBerlin(c.checkedAt)}</td>
                <td>
                  <Badge tone={INDEX_STATE_TONES[c.state]}>{INDEX_STATE_LABELS[c.state]}</Badge>
                </td>
                <td>{answerSummary(c.answer)}</td>
                <td className="meta">{(c.inspector && INSPECTOR_LABELS[c.inspector]) ?? c.inspector ?? "–"}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : (
        <p className="empty">Noch nicht geprüft (die Prüfung läuft täglich um 05:10).</p>
      )}
      <h3>IndexNow-Meldungen</h3>
      {pings.length ? (
        <Table caption="Die letzten IndexNow-Meldungen dieser Pressemitteilung">
          <thead>
            <tr>
              <th scope="col">Anlass</th>
              <th scope="col">Adresse</th>
              <th scope="col">Stand</th>
              <th scope="col">Erfasst</th>
              <th scope="col">Gesendet</th>
            </tr>
          </thead>
          <tbody>
            {pings.map((p) => (
              <tr key={p.id}>
                <td>{REASON_LABELS[p.reason]}</td>
                <td>
                  <code>{p.url}</code>
                </td>
                <td>
                  {PING_STATUS_LABELS[p.status]}
                  {p.httpStatus ? <span className="meta"> (HTTP {p.httpStatus})</span> : null}
                  {p.error && p.status !== "sent" ? <span className="meta"> · {p.error}</span> : null}
                </td>
                <td className="meta">{formatBerlin(p.createdAt)}</td>
                <td className="meta">{p.sentAt ? formatBerlin(p.sentAt) : "–"}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : (
        <p className="empty">Noch keine Meldung.</p>
      )}
    </section>
  );
}
