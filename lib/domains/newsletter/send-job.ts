import { dispatchJob } from "@/lib/core/jobs/dispatch";
import { JOB } from "@/lib/core/jobs/names";
import { defineJob } from "@/lib/core/jobs/types";
import { sendCampaignBatch, SEND_TIME_BUDGET_MS } from "./send-campaign-batch";

/**
 * One attempt's hard limit: the run's sending budget plus a minute for the send under way and
 * the last writes. A claim of the queue row older than this belongs to a dead process.
 */
export const NEWSLETTER_SEND_TIMEOUT_SECONDS = SEND_TIME_BUDGET_MS / 1000 + 60;

/**
 * `newsletter/send` (payload `{ campaignId }`): NEWSLETTER_SEND_JOBS of these share a campaign.
 * A transient failure or an open circuit fails the step after giving the claims back, so the
 * job's retry picks up where it stopped (thrown inside the step: Inngest would replay a step that
 * succeeded). A run that spent its time budget hands over to one follow-up job, named after
 * the last recipient it handled so a retried hand-over enqueues nothing twice.
 */
export const newsletterSendJob = defineJob<{ campaignId: number }>({
  name: JOB.newsletterSend,
  retries: 3,
  timeoutSeconds: NEWSLETTER_SEND_TIMEOUT_SECONDS,
  handler: async (payload, { step }) => {
    const campaignId = Number(payload.campaignId);
    const run = await step.run("send", async () => {
      const r = await sendCampaignBatch({ campaignId });
      if (r.outcome === "paused") throw new Error(`newsletter ${campaignId} paused: ${r.reason ?? "unknown"}; claims released, retrying`);
      return r;
    });
    if (run.outcome === "budget") {
      await step.run("hand-over", () =>
        dispatchJob(JOB.newsletterSend, { campaignId }, { key: `newsletter/${campaignId}/after/${run.lastRecipientId}` }),
      );
    }
    return run;
  },
});
