import { db } from "@/lib/core/db/client";

// Bounces (395 days, spec 8) are pruned with the other logs by model:prune (lib/domains/retention/prunable.ts).

/**
 * Finished outbox rows and local-mailbox copies hold whole mails, login links included: kept
 * 30 days for support questions ("did the mail go out?"), then removed. Waiting mail is never
 * touched.
 */
export const SENT_MAIL_RETENTION_DAYS = 30;

export async function purgeMailRecords(now = new Date()): Promise<{ outbox: number; localMailbox: number }> {
  const mailCutoff = new Date(now.getTime() - SENT_MAIL_RETENTION_DAYS * 86_400_000);
  const [outbox, localMailbox] = await Promise.all([
    db.mailOutbox.deleteMany({ where: { status: { in: ["sent", "suppressed", "failed"] }, createdAt: { lt: mailCutoff } } }),
    db.localMailboxMessage.deleteMany({ where: { createdAt: { lt: mailCutoff } } }),
  ]);
  return { outbox: outbox.count, localMailbox: localMailbox.count };
}
