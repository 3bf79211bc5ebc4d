import { randomBytes } from "node:crypto";
import { db } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/errors";
import { assertMayRunNewsletter } from "./campaign-permission";
import { dispatchSendJobs } from "./dispatch-send-jobs";
import { CampaignStateError } from "./errors";
import { lockCampaign } from "./record-recipient-result";
import { assertNewsletterSendingEnabled } from "./sending-switch";

/** Spec 8: a claim older than this belongs to a job that died. */
export const DEFAULT_STUCK_MINUTES = 30;

export interface ResumedCampaign {
  /** `sending` rows whose claim was older than stuckMinutes, back to pending. */
  released: number;
  /** `failed` rows back to pending (with `failed`). */
  retried: number;
  jobs: number;
  /** A start that died before its freeze committed left no recipients: the campaign is a draft again. */
  returnedToDraft: boolean;
}

/**
 * `newsletter:resume` (spec 4.7): re-enqueues a running campaign. Claims older than
 * `stuckMinutes` go back to pending (their job died; a mail the provider already took is
 * deduplicated by its idempotency key on the re-send); with `failed`, failed recipients too, the
 * failed counter lowered in the same transaction. Then fresh send jobs. From the admin area by
 * staff who run the newsletter (`actorUserId`); the console passes none.
 */
export async function resumeCampaign(opts: {
  campaignId: number;
  failed?: boolean;
  stuckMinutes?: number;
  actorUserId?: number | null;
}): Promise<ResumedCampaign> {
  await assertMayRunNewsletter(opts.actorUserId);
  assertNewsletterSendingEnabled();
  const stuckMinutes = opts.stuckMinutes ?? DEFAULT_STUCK_MINUTES;
  if (!Number.isInteger(stuckMinutes) || stuckMinutes < 0)
    throw new RangeError("stuckMinutes must be a whole number of minutes, 0 or more");
  const changed = await db.$transaction(async (tx) => {
    // Under the campaign lock: no result is written and no start freezes while we look.
    await lockCampaign(tx, opts.campaignId);
    const campaign = await tx.newsletterCampaign.findUnique({ where: { id: opts.campaignId }, select: { status: true } });
    if (!campaign) throw notFound("No such campaign.");
    if (campaign.status !== "sending")
      throw new CampaignStateError("Only a campaign that is sending can be resumed.", { status: campaign.status });
    if ((await tx.newsletterCampaignRecipient.count({ where: { campaignId: opts.campaignId } })) === 0) {
      await tx.newsletterCampaign.update({ where: { id: opts.campaignId }, data: { status: "draft", startedAt: null, recipientCount: 0 } });
      return null;
    }
    const released = await tx.$executeRaw`
      UPDATE newsletter_campaign_recipients SET status = 'pending', claimed_at = NULL
      WHERE campaign_id = ${opts.campaignId} AND status = 'sending' AND claimed_at <= now() - make_interval(mins => ${stuckMinutes}::int)`;
    let retried = 0;
    if (opts.failed) {
      retried = await tx.$executeRaw`
        UPDATE newsletter_campaign_recipients SET status = 'pending', claimed_at = NULL, error = NULL
        WHERE campaign_id = ${opts.campaignId} AND status = 'failed'`;
      await tx.$executeRaw`UPDATE newsletter_campaigns SET failed_count = GREATEST(failed_count - ${retried}, 0), updated_at = now() WHERE id = ${opts.campaignId}`;
    }
    return { released, retried };
  });
  if (!changed) return { released: 0, retried: 0, jobs: 0, returnedToDraft: true };
  // Fresh keys: the jobs of the start (or of an earlier resume) are done or dead, and their keys would drop these.
  const jobs = await dispatchSendJobs(opts.campaignId, `resume-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}`);
  return { ...changed, jobs, returnedToDraft: false };
}
