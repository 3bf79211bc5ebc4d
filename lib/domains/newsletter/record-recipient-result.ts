import { db, type Tx } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ClaimedRecipient } from "./claim-recipients";

export type RecipientResult =
  { status: "sent"; providerMessageId: string } | { status: "failed"; error: string } | { status: "suppressed" };

/** The recipient columns each result writes. */
function resultColumns(result: RecipientResult): Prisma.Sql {
  switch (result.status) {
    case "sent":
      return Prisma.sql`status = 'sent', sent_at = now(), provider_message_id = ${result.providerMessageId}, error = NULL`;
    case "failed":
      return Prisma.sql`status = 'failed', error = ${result.error.slice(0, 500)}`;
    case "suppressed":
      return Prisma.sql`status = 'suppressed'`;
  }
}

/**
 * Writes one recipient's result, its counter and the campaign's completion in one transaction
 * (spec 3.1), three statements sent as one batch. The recipient update is conditional on our
 * claim (`sending` with our mark): after a resume another job may own the row, and the counter
 * moves only by the rows that update hit, so a mail is never counted twice. A suppressed
 * recipient counts nowhere.
 */
export async function recordRecipientResult(campaignId: number, recipient: ClaimedRecipient, result: RecipientResult): Promise<boolean> {
  const counter = result.status === "sent" ? Prisma.sql`sent_count` : result.status === "failed" ? Prisma.sql`failed_count` : null;
  const [, hit] = await db.$transaction([
    lockCampaignQuery(campaignId),
    db.$queryRaw<{ hit: number }[]>`
      WITH hit AS (
        UPDATE newsletter_campaign_recipients SET ${resultColumns(result)}
        WHERE id = ${recipient.id} AND status = 'sending' AND claimed_at = ${recipient.claimedAt}
        RETURNING id)
      UPDATE newsletter_campaigns SET ${counter ? Prisma.sql`${counter} = ${counter} + (SELECT count(*) FROM hit)::int,` : Prisma.empty} updated_at = now()
      WHERE id = ${campaignId}
      RETURNING (SELECT count(*) FROM hit)::int AS hit`,
    completeIfDoneQuery(campaignId),
  ]);
  return hit[0]?.hit === 1;
}

/**
 * Race: the last recipients finish in two jobs at once. Without a common lock each transaction
 * would still see the other's row as `sending` and neither would complete the campaign. The
 * campaign row lock serialises them; the completion check is a later statement, so it reads
 * the other's committed row (and, being a statement of its own, this transaction's update).
 */
const lockCampaignSql = (campaignId: number) => Prisma.sql`SELECT id FROM newsletter_campaigns WHERE id = ${campaignId} FOR UPDATE`;
const lockCampaignQuery = (campaignId: number) => db.$queryRaw(lockCampaignSql(campaignId));

export async function lockCampaign(tx: Tx, campaignId: number): Promise<void> {
  await tx.$queryRaw(lockCampaignSql(campaignId));
}

/**
 * sending → sent once no recipient is pending or sending. Run under the campaign lock. A
 * campaign without any rows never completes: its start died before the freeze committed.
 */
const completeIfDoneSql = (campaignId: number) => Prisma.sql`
  UPDATE newsletter_campaigns SET status = 'sent', finished_at = now(), updated_at = now()
  WHERE id = ${campaignId} AND status = 'sending'
    AND EXISTS (SELECT 1 FROM newsletter_campaign_recipients WHERE campaign_id = ${campaignId})
    AND NOT EXISTS (SELECT 1 FROM newsletter_campaign_recipients WHERE campaign_id = ${campaignId} AND status IN ('pending', 'sending'))`;

const completeIfDoneQuery = (campaignId: number) => db.$executeRaw(completeIfDoneSql(campaignId));

export async function completeIfDone(tx: Tx, campaignId: number): Promise<boolean> {
  return (await tx.$executeRaw(completeIfDoneSql(campaignId))) === 1;
}
