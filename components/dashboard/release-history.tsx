import type { ActorType, ReleaseStatus } from "@/lib/generated/prisma/enums";
import { formatBerlin } from "@/lib/dashboard/berlin-time";
import { STATUS_LABELS } from "./status-badge";

const ACTORS: Record<ActorType, string> = { user: "Ihr Team", admin: "Redaktion", ki: "Automatische Prüfung", scheduler: "Zeitplan", system: "System" };

const OUTCOMES: Record<string, string> = {
  created: "Angelegt",
  submitted: "Zur Prüfung eingereicht",
  manual_queue: "Zur Prüfung durch die Redaktion",
  rejected: "Automatisch abgelehnt",
  flagged_for_manual_check: "An die Redaktion übergeben",
  scheduled: "Für den geplanten Zeitpunkt freigegeben",
  published: "Veröffentlicht",
  approved: "Von der Redaktion freigegeben",
  returned: "Von der Redaktion zurückgegeben",
  withdraw: "Zurückgezogen",
  archive: "Archiviert",
  unarchive: "Wieder veröffentlicht",
  depublish: "Depubliziert",
  republish: "Wieder veröffentlicht",
  deleted: "Gelöscht",
  content_changed: "Text geändert, neue Prüfung nötig",
  quota_exceeded: "Kontingent aufgebraucht",
  image_rights_confirmation_required: "Bildrechte nicht bestätigt",
};

interface Entry {
  id: number;
  createdAt: Date;
  fromStatus: ReleaseStatus | null;
  toStatus: ReleaseStatus;
  actorType: ActorType;
  outcome: string | null;
  reason: string | null;
}

/** The release's history (press_release_history), newest first. */
export function ReleaseHistory({ entries }: { entries: Entry[] }) {
  if (!entries.length) return <p className="empty">Noch keine Einträge.</p>;
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">Zeit</th>
          <th scope="col">Ereignis</th>
          <th scope="col">Status</th>
          <th scope="col">Durch</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((h) => (
          <tr key={h.id}>
            <td className="meta">{formatBerlin(h.createdAt)}</td>
            <td>
              {(h.outcome && OUTCOMES[h.outcome]) ?? h.outcome ?? "Statuswechsel"}
              {h.reason ? <span className="meta"> ({h.reason})</span> : null}
            </td>
            <td>{h.fromStatus && h.fromStatus !== h.toStatus ? `${STATUS_LABELS[h.fromStatus]} → ${STATUS_LABELS[h.toStatus]}` : STATUS_LABELS[h.toStatus]}</td>
            <td>{ACTORS[h.actorType]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
