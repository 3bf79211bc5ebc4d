import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { LegalRequestStatus } from "@/lib/generated/prisma/enums";
import { STATUS_LABELS } from "@/lib/domains/legal-terms/request-labels";

const TONES: Record<LegalRequestStatus, BadgeTone> = {
  received: "info",
  in_review: "warning",
  approved: "warning",
  executed: "success",
  rejected: "muted",
  withdrawn: "muted",
};

/** A legal request's status, for the customer's list and the admin queue alike, coloured like the release statuses. */
export function LegalStatusBadge({ status }: { status: LegalRequestStatus }) {
  return <Badge tone={TONES[status]}>{STATUS_LABELS.de[status]}</Badge>;
}
