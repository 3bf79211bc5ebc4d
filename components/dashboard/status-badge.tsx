import { Badge, type BadgeTone } from "@/components/ui/badge";
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

export const STATUS_TONES: Record<ReleaseStatus, BadgeTone> = {
  draft: "neutral",
  in_review: "warning",
  rejected: "danger",
  scheduled: "info",
  published: "success",
  archived: "muted",
  depublished: "muted",
};

export function StatusBadge({ status }: { status: ReleaseStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}
