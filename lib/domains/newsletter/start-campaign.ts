import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/errors";
import { assertMayRunNewsletter } from "./campaign-permission";
import { dispatchSendJobs } from "./dispatch-send-jobs";
import { CampaignStateError } from "./errors";
import { freezeRecipients } from "./freeze-recipients";
import { assertNewsletterSendingEnabled } from "./sending-switch";

export interface StartedCampaign {
  recipientCount: number;
  jobs: number;
}

/**
 * draft → sending (spec 3.1). Race: several admins (or a double click) start at once. The
 * conditional update `WHERE status = 'draft'` lets exactly one caller through (count 1); the
 * others get a conflict without waiting. Only the winner freezes the recipients and enqueues the
 * send jobs. If the freeze fails, the campaign goes back to draft with no frozen rows, so the
 * admin can fix and start again. By staff who run the newsletter (`actorUserId`; null: the console).
 */
export async function startCampaign(opts: { campaignId: number; actorUserId: number | null }): Promise<StartedCampaign> {
  await assertMayRunNewsletter(opts.actorUserId);
  assertNewsletterSendingEnabled();
  const { count } = await db.newsletterCampaign.updateMany({
    where: { id: opts.campaignId, status: "draft" },
    data: { status: "sending", startedAt: new Date() },
  });
  if (count !== 1) {
    const campaign = await db.newsletterCampaign.findUnique({ where: { id: opts.campaignId }, select: { status: true } });
    if (!campaign) throw notFound("No such campaign.");
    throw new CampaignStateError("The campaign has already been started.", { status: campaign.status });
  }
  let recipientCount: number;
  try {
    recipientCount = await freezeRecipients(opts.campaignId);
  } catch (err) {
    await returnToDraft(opts.campaignId);
    throw err;
  }
  await recordActivity({
    actorUserId: opts.actorUserId,
    type: ACTIVITY.newsletterCampaignStarted,
    subjectType: "newsletter_campaign",
    subjectId: opts.campaignId,
    metadata: { recipients: recipientCount },
  });
  // After the commit: a job that ran before it would find no recipients.
  const jobs = await dispatchSendJobs(opts.campaignId, "start");
  return { recipientCount, jobs };
}

/** Undoes a start whose freeze failed: frozen rows go, the campaign is a draft again (only if still ours). */
export async function returnToDraft(campaignId: number): Promise<void> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.newsletterCampaign.updateMany({
      where: { id: campaignId, status: "sending" },
      data: { status: "draft", startedAt: null, recipientCount: 0, sentCount: 0, failedCount: 0 },
    });
    if (count === 1) await tx.newsletterCampaignRecipient.deleteMany({ where: { campaignId } });
  });
}
