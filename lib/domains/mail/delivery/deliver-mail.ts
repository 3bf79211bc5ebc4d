import { getConfig } from "@/lib/core/config";
import { isSendingHalted } from "../circuit-breaker";
import { claimDueMail, claimMailById, outboxRowExists, releaseStaleMailClaims } from "./claim-outbox";
import { sendClaimedMail, type DeliveryOutcome } from "./send-claimed-mail";

const COMMIT_WAIT_MS = 3_000;
const COMMIT_POLL_MS = 100;

/**
 * Delivers one message right after it was queued. The request may arrive before the queuing
 * transaction commits, so a row that does not exist yet is waited for briefly; a row that never
 * appears belonged to a transaction that rolled back. Anything not taken here (backing off,
 * circuit open, claimed elsewhere) is left to the sweep.
 */
export async function deliverMailById(outboxId: number): Promise<DeliveryOutcome> {
  if ((await isSendingHalted()).halted) return "halted";
  for (let waited = 0; !(await outboxRowExists(outboxId)); waited += COMMIT_POLL_MS) {
    if (waited >= COMMIT_WAIT_MS) return "skipped";
    await new Promise((r) => setTimeout(r, COMMIT_POLL_MS));
  }
  const mail = await claimMailById(outboxId);
  return mail ? sendClaimedMail(mail) : "skipped";
}

export interface SweepResult {
  released: number;
  outcomes: Partial<Record<DeliveryOutcome, number>>;
}

/**
 * The sweep (every minute, and the console's `mail:deliver`): releases claims of dead workers,
 * then sends every due message in batches, a few at a time, until none is due or the time
 * budget is spent. Retries after backoff and missed delivery requests go out here.
 */
export async function deliverDueMail(opts: { budgetMs?: number } = {}): Promise<SweepResult> {
  const { mail } = getConfig();
  const deadline = Date.now() + (opts.budgetMs ?? 50_000);
  const result: SweepResult = { released: await releaseStaleMailClaims(), outcomes: {} };
  while (Date.now() < deadline && !(await isSendingHalted()).halted) {
    const batch = await claimDueMail(mail.batchSize);
    if (!batch.length) break;
    for (let i = 0; i < batch.length; i += mail.sendConcurrency) {
      const outcomes = await Promise.all(batch.slice(i, i + mail.sendConcurrency).map(sendClaimedMail));
      for (const o of outcomes) result.outcomes[o] = (result.outcomes[o] ?? 0) + 1;
    }
  }
  return result;
}
