import { db } from "@/lib/core/db/client";
import type { CampaignStatus, Language } from "@/lib/generated/prisma/client";
import { campaignProgress, type CampaignProgress } from "./campaign-progress";
import { parseRecipientFilter, type RecipientFilter } from "./schemas";

export interface CampaignListItem {
  id: number;
  subject: string;
  status: CampaignStatus;
  language: Language;
  filter: RecipientFilter;
  recipientCount: number;
  progress: CampaignProgress;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** The admin list, newest first. */
export async function listCampaigns(opts: { take?: number } = {}): Promise<CampaignListItem[]> {
  const campaigns = await db.newsletterCampaign.findMany({
    orderBy: { id: "desc" },
    take: opts.take ?? 100,
    select: {
      id: true,
      subject: true,
      status: true,
      language: true,
      recipientFilter: true,
      recipientCount: true,
      sentCount: true,
      failedCount: true,
      createdAt: true,
      startedAt: true,
      finishedAt: true,
    },
  });
  const progress = await campaignProgress(campaigns);
  return campaigns.map(({ sentCount: _s, failedCount: _f, recipientFilter, ...c }) => ({
    ...c,
    filter: parseRecipientFilter(recipientFilter),
    progress: progress.get(c.id)!,
  }));
}

/** Confirmed, not unsubscribed subscribers, and those still to confirm: the admin's sense of the audience. */
export async function subscriberTotals(): Promise<{ confirmed: number; pending: number }> {
  const [confirmed, pending] = await Promise.all([
    db.newsletterSubscriber.count({ where: { confirmedAt: { not: null }, unsubscribedAt: null } }),
    db.newsletterSubscriber.count({ where: { confirmedAt: null, confirmExpiresAt: { gt: new Date() } } }),
  ]);
  return { confirmed, pending };
}
