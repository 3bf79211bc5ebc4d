import { db } from "@/lib/db/client";

/** Spec 8: bounces are kept 395 days. */
export const BOUNCE_RETENTION_DAYS = 395;
/**
 * Finished outbox rows and local-mailbox copies hold whole mails, login links included: kept
 * 30 days for support questions ("did the mail go out?"), then removed. Waiting mail is never
 * touched.
 */
export const SENT_MAIL_RETENTION_DAYS = 30;

export async function purgeMailRecords(now = new Date()): Promise<{ bounces: number; outbox: number; localMailbox: number }> {
  const day = 86_400_000;
  const bounceCutoff = new Date(now.getTime() - BOUNCE_RETENTION_DAYS * day);
  const mailCutoff = new Date(now.getTime() - SENT_MAIL_RETENTION_DAYS * day);
  const [bounces, outbox, localMailbox] = await Promise.all([
    db.emailBounce.deleteMany({ where: { createdAt: { lt: bounceCutoff } } }),
    db.mailOutbox.deleteMany({ where: { status: { in: ["sent", "suppressed", "failed"] }, createdAt: { lt: mailCutoff } } }),
    db.localMailboxMessage.deleteMany({ where: { createdAt: { lt: mailCutoff } } }),
  ]);
  return { bounces: bounces.count, outbox: outbox.count, localMailbox: localMailbox.count };
}
