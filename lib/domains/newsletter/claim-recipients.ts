import { db } from "@/lib/core/db/client";

export interface ClaimedRecipient {
  id: number;
  email: string;
  /** The claim's mark: results are written only while the row still carries it. */
  claimedAt: Date;
}

/** Recipients claimed per round trip: a few seconds of sending at the default rate, and a bounded amount of memory. */
export const CLAIM_BATCH_SIZE = 50;

/**
 * pending → sending for up to `limit` recipients of a campaign that is still sending. Race: the
 * send jobs of one campaign claim at the same time; FOR UPDATE SKIP LOCKED hands each row to
 * exactly one of them without waiting. No ORDER BY: any pending rows will do, and sorting would
 * read every pending row of a large campaign on each claim.
 */
export async function claimRecipients(campaignId: number, limit = CLAIM_BATCH_SIZE): Promise<ClaimedRecipient[]> {
  const rows = await db.$queryRaw<ClaimedRecipient[]>`
    UPDATE newsletter_campaign_recipients SET status = 'sending', claimed_at = now()
    WHERE id IN (
      SELECT r.id FROM newsletter_campaign_recipients r
      WHERE r.campaign_id = ${campaignId} AND r.status = 'pending'
        AND EXISTS (SELECT 1 FROM newsletter_campaigns c WHERE c.id = ${campaignId} AND c.status = 'sending')
      LIMIT ${limit}
      FOR UPDATE OF r SKIP LOCKED)
    RETURNING id, email, claimed_at AS "claimedAt"`;
  return rows.sort((a, b) => a.id - b.id);
}

/** sending → pending for claims this job gives back (a transient failure, an open circuit, the time budget). */
export async function releaseClaims(rows: ClaimedRecipient[]): Promise<number> {
  if (!rows.length) return 0;
  let released = 0;
  // Rows of one claim share their mark; a row re-claimed by another job meanwhile is left alone.
  for (const claimedAt of new Set(rows.map((r) => r.claimedAt.getTime()))) {
    const ids = rows.filter((r) => r.claimedAt.getTime() === claimedAt).map((r) => r.id);
    released += await db.$executeRaw`
      UPDATE newsletter_campaign_recipients SET status = 'pending', claimed_at = NULL
      WHERE id = ANY(${ids}::int[]) AND status = 'sending' AND claimed_at = ${new Date(claimedAt)}`;
  }
  return released;
}
