import { getConfig } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { isSendingHalted, recordRelayRejection } from "../circuit-breaker";
import { isMailType, withoutCredentialLinks } from "../mail-types";
import { applyMessageSending } from "../message-sending";
import { getMailTransport, MailSendError } from "../transport";
import { getSiteHosts } from "@/lib/domains/sites/hosts";
import type { ClaimedMail } from "./claim-outbox";

export type DeliveryOutcome = "sent" | "suppressed" | "retry" | "failed" | "halted" | "skipped";

/** Seconds before the next try after `attempts` tries: base, 2×, 4×, ... (spec 4.6: up to 5 retries). */
export function retryDelaySeconds(attempts: number, base = getConfig().mail.retryBaseSeconds): number {
  return base * 2 ** Math.max(0, attempts - 1);
}

/**
 * The key the provider deduplicates by: one per message and installation, so a re-send after a
 * lost answer or a dead worker is recognised, and two installations sharing a provider account
 * never collide.
 */
export function outboxIdempotencyKey(id: number): string {
  return `${getSiteHosts().hub}/mail/${id}`;
}

function reason(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 500);
}

/** Sends one claimed message through MessageSending and the provider and records the result. */
export async function sendClaimedMail(mail: ClaimedMail): Promise<DeliveryOutcome> {
  if (!isMailType(mail.mailType)) return finish(mail, "failed", { error: `unknown mail type ${mail.mailType}` });
  const prepared = await applyMessageSending({
    to: mail.to,
    from: mail.from,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    mailType: mail.mailType,
    ref: `o${mail.id}`,
    headers: mail.headers,
    replyTo: mail.replyTo ?? undefined,
    attachments: mail.attachments,
  });
  if (prepared.suppressed) return finish(mail, "suppressed", {});
  // A slow batch can outlive its claim, which the sweep then hands to another worker: send
  // only while the claim is still ours (the idempotency key covers the moment between).
  if (!(await stillClaimed(mail))) return "skipped";
  try {
    const { providerMessageId } = await getMailTransport().send(prepared.message, outboxIdempotencyKey(mail.id));
    return finish(mail, "sent", { providerMessageId });
  } catch (err) {
    const kind = err instanceof MailSendError ? err.kind : "transient";
    if (kind === "relay_rejected") {
      await recordRelayRejection({ detail: reason(err), source: "sender", email: mail.to });
      return finish(mail, "halted", { error: reason(err) });
    }
    if (kind === "permanent" || mail.attempts > getConfig().mail.maxRetries) return finish(mail, "failed", { error: reason(err) });
    return finish(mail, "retry", { error: reason(err) });
  }
}

async function stillClaimed(mail: ClaimedMail): Promise<boolean> {
  return (await db.mailOutbox.count({ where: { id: mail.id, status: "sending", claimedAt: mail.claimedAt } })) === 1;
}

async function finish(
  mail: ClaimedMail,
  outcome: DeliveryOutcome,
  r: { providerMessageId?: string; error?: string },
): Promise<DeliveryOutcome> {
  // Conditional on our own claim: a worker that outlived its claim must not overwrite the
  // result of the worker that took the message over.
  const mine = { id: mail.id, status: "sending" as const, claimedAt: mail.claimedAt };
  // A finished mail is kept for support without the credential link its type may carry.
  const kept = withoutCredentialLinks(mail.mailType, mail) ?? {};
  switch (outcome) {
    case "skipped":
      break;
    case "sent":
      await db.mailOutbox.updateMany({
        where: mine,
        data: { status: "sent", providerMessageId: r.providerMessageId, sentAt: new Date(), claimedAt: null, lastError: null, ...kept },
      });
      break;
    case "suppressed":
      await db.mailOutbox.updateMany({ where: mine, data: { status: "suppressed", claimedAt: null, ...kept } });
      break;
    case "failed":
      await db.mailOutbox.updateMany({ where: mine, data: { status: "failed", claimedAt: null, lastError: r.error, ...kept } });
      break;
    case "retry":
      await db.mailOutbox.updateMany({
        where: mine,
        data: {
          status: "queued",
          claimedAt: null,
          lastError: r.error,
          nextAttemptAt: new Date(Date.now() + retryDelaySeconds(mail.attempts) * 1000),
        },
      });
      break;
    case "halted": {
      // The relay refused us, not this message: the try does not count, and it waits for the circuit.
      const { until } = await isSendingHalted();
      await db.mailOutbox.updateMany({
        where: mine,
        data: {
          status: "queued",
          claimedAt: null,
          lastError: r.error,
          attempts: { decrement: 1 },
          nextAttemptAt: until ?? new Date(Date.now() + 60_000),
        },
      });
      break;
    }
  }
  return outcome;
}
