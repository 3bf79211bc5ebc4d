import { db } from "@/lib/core/db/client";
import type { CampaignStatus, RecipientStatus } from "@/lib/generated/prisma/client";

export interface CampaignCounts {
  id: number;
  status: CampaignStatus;
  recipientCount: number;
  sentCount: number;
  failedCount: number;
}

export interface CampaignProgress {
  sent: number;
  failed: number;
  suppressed: number;
  /** pending + sending: still to go. */
  open: number;
  /** Share of recipients handled, 0–100. */
  percent: number;
}

/**
 * Progress from the counters; only a campaign still sending needs its rows counted (for the
 * suppressed and the open ones). A finished campaign has no open rows, so what is neither sent
 * nor failed was suppressed, and a list of many large campaigns reads no recipient rows at all.
 */
export async function campaignProgress(campaigns: CampaignCounts[]): Promise<Map<number, CampaignProgress>> {
  const sendingIds = campaigns.filter((c) => c.status === "sending").map((c) => c.id);
  const rows = sendingIds.length
    ? await db.newsletterCampaignRecipient.groupBy({
        by: ["campaignId", "status"],
        where: { campaignId: { in: sendingIds } },
        _count: { _all: true },
      })
    : [];
  const counted = new Map<number, Partial<Record<RecipientStatus, number>>>();
  for (const r of rows) counted.set(r.campaignId, { ...counted.get(r.campaignId), [r.status]: r._count._all });
  const result = new Map<number, CampaignProgress>();
  for (const c of campaigns) {
    const n = counted.get(c.id);
    const open = n ? (n.pending ?? 0) + (n.sending ?? 0) : 0;
    const suppressed = n ? (n.suppressed ?? 0) : c.status === "draft" ? 0 : Math.max(0, c.recipientCount - c.sentCount - c.failedCount);
    const handled = c.recipientCount - open;
    result.set(c.id, {
      sent: c.sentCount,
      failed: c.failedCount,
      suppressed,
      open,
      percent: c.recipientCount ? Math.floor((handled / c.recipientCount) * 100) : 0,
    });
  }
  return result;
}
