import { getConfig } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";

export interface ClaimedMail {
  id: number;
  to: string;
  from: string;
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  attachments: { filename: string; contentBase64: string; contentType?: string }[];
  mailType: string;
  attempts: number;
  claimedAt: Date;
}

// Claims move `queued → sending` with the claim time; two workers never hold one message
// (FOR UPDATE SKIP LOCKED, and the conditional status). A claim older than the timeout belongs
// to a worker that died and is released; the idempotency key keeps the re-send from doubling.
const CLAIMED = Prisma.sql`id, "to", "from", reply_to AS "replyTo", subject, html, text, headers, attachments, mail_type AS "mailType", attempts, claimed_at AS "claimedAt"`;

export async function claimMailById(id: number): Promise<ClaimedMail | null> {
  const rows = await db.$queryRaw<ClaimedMail[]>`
    UPDATE mail_outbox SET status = 'sending', claimed_at = now(), attempts = attempts + 1
    WHERE id = ${id} AND status = 'queued' AND next_attempt_at <= now()
    RETURNING ${CLAIMED}`;
  return rows[0] ?? null;
}

export async function claimDueMail(limit: number): Promise<ClaimedMail[]> {
  return db.$queryRaw<ClaimedMail[]>`
    UPDATE mail_outbox SET status = 'sending', claimed_at = now(), attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM mail_outbox WHERE status = 'queued' AND next_attempt_at <= now()
      ORDER BY next_attempt_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING ${CLAIMED}`;
}

/** Messages whose worker died mid-send go back to the queue (their next send reuses the key). */
export async function releaseStaleMailClaims(olderThanSeconds = getConfig().mail.claimTimeoutSeconds): Promise<number> {
  return db.$executeRaw`
    UPDATE mail_outbox SET status = 'queued', claimed_at = NULL, next_attempt_at = now()
    WHERE status = 'sending' AND claimed_at < now() - make_interval(secs => ${olderThanSeconds})`;
}

/** Whether the row exists at all: a message queued in a transaction that has not committed yet does not. */
export async function outboxRowExists(id: number): Promise<boolean> {
  return (await db.mailOutbox.count({ where: { id } })) > 0;
}
