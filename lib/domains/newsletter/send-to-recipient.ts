import { recordRelayRejection } from "@/lib/domains/mail/circuit-breaker";
import { applyMessageSending } from "@/lib/domains/mail/message-sending";
import { MailSendError, type MailTransport } from "@/lib/domains/mail/transport";
import { getSiteHosts } from "@/lib/domains/sites/hosts";
import type { CampaignTemplate } from "./campaign-mail";
import type { ClaimedRecipient } from "./claim-recipients";
import type { Pacer } from "./pacer";
import { recordRecipientResult } from "./record-recipient-result";

export type RecipientOutcome = "sent" | "failed" | "suppressed" | "transient" | "relay_rejected";

/**
 * The provider's key for one recipient's mail: a re-send after a crash or a resume is
 * recognised, never delivered twice. Per installation, like the outbox's keys.
 */
export const newsletterIdempotencyKey = (campaignId: number, recipientId: number): string =>
  `${getSiteHosts().hub}/newsletter/${campaignId}/${recipientId}`;

/**
 * One claimed recipient: MessageSending (suppression, signed reference, List-Unsubscribe), the
 * provider, the result. A transient failure or a relay refusal writes nothing: the caller gives
 * the claim back and stops. Anything that is not a MailSendError propagates like a crash: whether
 * the provider took the mail is unknown, so the row stays `sending` for resume, whose re-send
 * the provider deduplicates by the idempotency key.
 */
export async function sendToRecipient(
  ctx: { campaignId: number; template: CampaignTemplate; transport: MailTransport; pacer: Pacer },
  r: ClaimedRecipient,
): Promise<RecipientOutcome> {
  const prepared = await applyMessageSending({
    to: r.email,
    ...ctx.template.forRecipient(r.email),
    mailType: "newsletter",
    ref: `n${ctx.campaignId}-${r.id}`,
  });
  if (prepared.suppressed) {
    await recordRecipientResult(ctx.campaignId, r, { status: "suppressed" });
    return "suppressed";
  }
  await ctx.pacer.wait();
  let providerMessageId: string;
  try {
    ({ providerMessageId } = await ctx.transport.send(prepared.message, newsletterIdempotencyKey(ctx.campaignId, r.id)));
  } catch (err) {
    if (!(err instanceof MailSendError)) throw err;
    if (err.kind === "permanent") {
      await recordRecipientResult(ctx.campaignId, r, { status: "failed", error: err.message });
      return "failed";
    }
    if (err.kind === "relay_rejected") await recordRelayRejection({ detail: err.message.slice(0, 500), source: "sender", email: r.email });
    return err.kind;
  }
  await recordRecipientResult(ctx.campaignId, r, { status: "sent", providerMessageId });
  return "sent";
}
