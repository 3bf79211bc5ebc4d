import { getConfig } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { isSendingHalted } from "@/lib/domains/mail/circuit-breaker";
import { getMailTransport, type MailTransport } from "@/lib/domains/mail/transport";
import { renderCampaignTemplate } from "./campaign-mail";
import { claimRecipients, releaseClaims, CLAIM_BATCH_SIZE } from "./claim-recipients";
import { createPacer } from "./pacer";
import { completeIfDone, lockCampaign } from "./record-recipient-result";
import { assertNewsletterSendingEnabled } from "./sending-switch";
import { sendToRecipient, type RecipientOutcome } from "./send-to-recipient";

/** How long one run sends before it hands over to a fresh job: well inside the job's timeout and a serverless function's limit. */
export const SEND_TIME_BUDGET_MS = 240_000;

export interface SendBatchResult {
  /** done: nothing left to claim; budget: time spent, work left; paused: transient failure or open circuit, claims given back. */
  outcome: "done" | "budget" | "paused" | "not_sending";
  sent: number;
  failed: number;
  suppressed: number;
  reason?: string;
  /** Highest recipient id this run handled; names the follow-up job. */
  lastRecipientId: number;
}

export interface SendBatchOptions {
  campaignId: number;
  /** The provider; tests wrap it to fail on cue. */
  transport?: MailTransport;
  timeBudgetMs?: number;
  batchSize?: number;
}

/**
 * The send job's work (spec 3.1): claim a batch, send each at the configured pace, write each
 * result with its counter and the completion in one transaction, repeat. Memory stays flat
 * whatever the campaign's size: one batch of rows and one rendered template at a time.
 */
export async function sendCampaignBatch(opts: SendBatchOptions): Promise<SendBatchResult> {
  assertNewsletterSendingEnabled();
  const result: SendBatchResult = { outcome: "done", sent: 0, failed: 0, suppressed: 0, lastRecipientId: 0 };
  const campaign = await db.newsletterCampaign.findUnique({
    where: { id: opts.campaignId },
    select: { status: true, subject: true, body: true, language: true },
  });
  if (campaign?.status !== "sending") return { ...result, outcome: "not_sending" };
  const ctx = {
    campaignId: opts.campaignId,
    template: await renderCampaignTemplate(campaign),
    transport: opts.transport ?? getMailTransport(),
    pacer: createPacer(getConfig().newsletter.sendRatePerSecond),
  };
  const deadline = Date.now() + (opts.timeBudgetMs ?? SEND_TIME_BUDGET_MS);
  for (;;) {
    const halted = await isSendingHalted();
    if (halted.halted)
      return { ...result, outcome: "paused", reason: `circuit open until ${halted.until?.toISOString() ?? "further notice"}` };
    const batch = await claimRecipients(opts.campaignId, opts.batchSize ?? CLAIM_BATCH_SIZE);
    if (!batch.length) {
      // A run that claims nothing may still be the one to see the last rows settle (all suppressed, or finished by a job that died before its check).
      await db.$transaction(async (tx) => {
        await lockCampaign(tx, opts.campaignId);
        await completeIfDone(tx, opts.campaignId);
      });
      return result;
    }
    for (const [i, r] of batch.entries()) {
      if (Date.now() >= deadline) {
        await releaseClaims(batch.slice(i));
        return { ...result, outcome: "budget" };
      }
      const outcome: RecipientOutcome = await sendToRecipient(ctx, r);
      if (outcome === "transient" || outcome === "relay_rejected") {
        // Given back, this one included: the job retry or a resume sends them later.
        await releaseClaims(batch.slice(i));
        return { ...result, outcome: "paused", reason: outcome };
      }
      result[outcome] += 1;
      result.lastRecipientId = Math.max(result.lastRecipientId, r.id);
    }
  }
}
