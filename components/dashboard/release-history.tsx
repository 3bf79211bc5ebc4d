import { Table } from "@/components/ui/table";
import type { ActorType, ReleaseStatus } from "@/lib/generated/prisma/enums";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import { STATUS_LABELS } from "./status-badge";
import { HISTORY_OUTCOME_LABELS } from "./release-outcome-labels";

const ACTORS: Record<ActorType, string> = {
  user: "Ihr Team",
  admin: "Redaktion",
  ki: "Automatische Prüfung",
  scheduler: "Zeitplan",
  system: "System",
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
    <Table>
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
              {(h.outcome && HISTORY_OUTCOME_LABELS[h.outcome]) ?? h.outcome ?? "Statuswechsel"}
              {h.reason ? <span className="meta"> ({h.reason})</span> : null}
            </td>
            <td>
              {h.fromStatus && h.fromStatus !== h.toStatus
                ? `${STATUS_LABELS[h.fromStatus]} → ${STATUS_LABELS[h.toStatus]}`
                : STATUS_LABELS[h.toStatus]}
            </td>
            <td>{ACTORS[h.actorType]}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
