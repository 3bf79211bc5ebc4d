import type { ReleaseStatus } from "@/lib/generated/prisma/enums";

export const STATUS_LABELS: Record<ReleaseStatus, string> = {
  draft: "Entwurf",
  in_review: "In Prüfung",
  rejected: "Abgelehnt",
  scheduled: "Geplant",
  published: "Veröffentlicht",
  archived: "Archiviert",
  depublished: "Depubliziert",
};

export function StatusBadge({ status }: { status: ReleaseStatus }) {
  return <span className={`badge status-${status}`}>{STATUS_LABELS[status]}</span>;
}
