import Link from "next/link";
import { STATUS_LABELS } from "@/components/dashboard/status-badge";
import { Badge } from "@/components/ui/badge";
import { Table } from "@/components/ui/table";
import type { AdminReleaseDetail } from "@/lib/adapters/admin/release-detail";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import { ACTOR_LABEL, LEGAL_SOURCE_LABEL, LEGAL_STATUS_LABEL, LEGAL_TRACK_LABEL, OUTCOME_LABEL } from "./release-labels";

/** press_release_history of one release, newest first, with who acted and why. */
export function ReleaseHistoryTable({ entries }: { entries: AdminReleaseDetail["history"] }) {
  if (!entries.length) return <p className="empty">Noch keine Einträge.</p>;
  return (
    <Table caption="Historie der Pressemitteilung" compact>
      <thead>
        <tr>
          <th scope="col">Zeit</th>
          <th scope="col">Ereignis</th>
          <th scope="col">Status</th>
          <th scope="col">Durch</th>
          <th scope="col">Grund oder Kommentar</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((h) => (
          <tr key={h.id}>
            <td className="meta">{formatBerlin(h.createdAt)}</td>
            <td>{(h.outcome && OUTCOME_LABEL[h.outcome]) ?? h.outcome ?? "Statuswechsel"}</td>
            <td>
              {h.fromStatus && h.fromStatus !== h.toStatus
                ? `${STATUS_LABELS[h.fromStatus]} → ${STATUS_LABELS[h.toStatus]}`
                : STATUS_LABELS[h.toStatus]}
            </td>
            <td>
              {ACTOR_LABEL[h.actorType]}
              {h.actorUserId !== null ? (
                <>
                  {" · "}
                  <Link href={`/admin/users/${h.actorUserId}`}>{h.actorName ?? `Konto ${h.actorUserId}`}</Link>
                </>
              ) : null}
            </td>
            <td>{[h.reason, h.comment].filter(Boolean).join(" · ") || <span className="meta">–</span>}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/**
 * The legal requests about one release, read-only; they are decided under "Rechtliche Anliegen".
 * Who filed one is in the data only for an editor with compliance:manage (lib/adapters/admin/release-detail.ts).
 */
export function ReleaseLegalRequests({ requests }: { requests: AdminReleaseDetail["legalRequests"] }) {
  if (!requests.length) return <p className="empty">Zu dieser Pressemitteilung liegt kein rechtliches Anliegen vor.</p>;
  const named = requests.some((r) => r.requesterName !== undefined);
  return (
    <>
      <Table caption="Rechtliche Anliegen zu dieser Pressemitteilung" compact>
        <thead>
          <tr>
            <th scope="col">Nr.</th>
            <th scope="col">Art</th>
            <th scope="col">Status</th>
            <th scope="col">{named ? "Von" : "Eingereicht über"}</th>
            <th scope="col">Eingang</th>
            <th scope="col">Entschieden</th>
            <th scope="col">Ausgeführt</th>
          </tr>
        </thead>
        <tbody>
          {requests.map((r) => (
            <tr key={r.id}>
              <td className="meta">{r.id}</td>
              <td>{LEGAL_TRACK_LABEL[r.track]}</td>
              <td>
                <Badge>{LEGAL_STATUS_LABEL[r.status]}</Badge>
              </td>
              <td>
                {r.requesterName !== undefined ? (
                  <>
                    {r.requesterName} <span className="meta">({LEGAL_SOURCE_LABEL[r.source]})</span>
                  </>
                ) : (
                  LEGAL_SOURCE_LABEL[r.source]
                )}
              </td>
              <td className="meta">{formatBerlin(r.createdAt)}</td>
              <td className="meta">{r.decidedAt ? formatBerlin(r.decidedAt) : "–"}</td>
              <td className="meta">{r.executedAt ? formatBerlin(r.executedAt) : "–"}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      {named ? null : <p className="meta">Wer ein Anliegen eingereicht hat, sehen nur Personen, die rechtliche Anliegen bearbeiten.</p>}
    </>
  );
}
