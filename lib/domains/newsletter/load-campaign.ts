import { db } from "@/lib/core/db/client";
import type { CampaignStatus, Language } from "@/lib/generated/prisma/client";
import { campaignProgress, type CampaignProgress } from "./campaign-progress";
import { parseRecipientFilter, type RecipientFilter } from "./schemas";

export interface CampaignDetail {
  id: number;
  subject: string;
  bodyHtml: string;
  filter: RecipientFilter;
  status: CampaignStatus;
  language: Language;
  recipientCount: number;
  progress: CampaignProgress;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** One campaign for the admin's edit and progress page; null when there is none. */
export async function loadCampaign(campaignId: number): Promise<CampaignDetail | null> {
  const c = await db.newsletterCampaign.findUnique({
    where: { id: campaignId },
    select: {
      id: true,
      subject: true,
      body: true,
      recipientFilter: true,
      status: true,
      language: true,
      recipientCount: true,
      sentCount: true,
      failedCount: true,
      createdAt: true,
      startedAt: true,
      finishedAt: true,
    },
  });
  if (!c) return null;
  const progress = (await campaignProgress([c])).get(c.id)!;
  const { body, recipientFilter, sentCount: _s, failedCount: _f, ...rest } = c;
  return { ...rest, bodyHtml: body, filter: parseRecipientFilter(recipientFilter), progress };
}
