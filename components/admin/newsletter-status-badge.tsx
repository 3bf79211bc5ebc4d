import { STATUS_LABELS } from "@/components/newsletter/labels";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { CampaignStatus } from "@/lib/generated/prisma/client";

const TONES: Record<CampaignStatus, BadgeTone> = { draft: "neutral", sending: "info", sent: "success", aborted: "muted" };

export function NewsletterStatusBadge({ status }: { status: CampaignStatus }) {
  return <Badge tone={TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}
