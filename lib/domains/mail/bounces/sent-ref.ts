import { db } from "@/lib/core/db/client";

/** A bounce may answer a mail sent this long ago at most; an older reference proves nothing now. */
export const REF_MAX_AGE_DAYS = 30;

/**
 * Whether a verified reference names a mail we really sent to this address recently. The HMAC
 * alone proves only that we once mailed the address: whoever saw one of its mails' headers (a
 * shared mailbox, a forwarded attachment) could replay the header in forged bounces for ever.
 */
export async function namesRecentSend(ref: string, email: string, now = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - REF_MAX_AGE_DAYS * 86_400_000);
  const outbox = /^o(\d{1,10})$/.exec(ref);
  if (outbox) {
    const id = Number(outbox[1]);
    if (id > 2_147_483_647) return false;
    return (await db.mailOutbox.count({ where: { id, to: email, status: "sent", sentAt: { gte: since } } })) > 0;
  }
  const newsletter = /^n(\d{1,10})-(\d{1,10})$/.exec(ref);
  if (newsletter) {
    const [campaignId, id] = [Number(newsletter[1]), Number(newsletter[2])];
    if (campaignId > 2_147_483_647 || id > 2_147_483_647) return false;
    return (await db.newsletterCampaignRecipient.count({ where: { id, campaignId, email, status: "sent", sentAt: { gte: since } } })) > 0;
  }
  return false;
}
