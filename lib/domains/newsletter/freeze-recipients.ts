import { db } from "@/lib/core/db/client";
import { CampaignStateError, NoRecipientsError } from "./errors";
import { hasVisibleText } from "./sanitize-newsletter-html";
import { lockCampaign } from "./record-recipient-result";
import { recipientCondition } from "./recipient-query";
import { parseRecipientFilter } from "./schemas";

/**
 * Writes the frozen recipient protocol of a campaign the caller just moved to `sending`: one
 * row per matching subscriber, in the database (INSERT ... SELECT), so 50,000 subscribers never
 * pass through this process. ON CONFLICT DO NOTHING keeps a repeated freeze from adding anyone
 * twice (unique per campaign and subscriber, and per campaign and account). The rows and the
 * recipient count commit together.
 */
export async function freezeRecipients(campaignId: number): Promise<number> {
  return db.$transaction(
    async (tx) => {
      // Under the campaign lock, so a resume running meanwhile waits for the rows instead of seeing none.
      await lockCampaign(tx, campaignId);
      const campaign = await tx.newsletterCampaign.findUniqueOrThrow({
        where: { id: campaignId },
        select: { status: true, subject: true, body: true, recipientFilter: true },
      });
      if (campaign.status !== "sending") throw new Error(`campaign ${campaignId} is ${campaign.status}, not sending`);
      if (!campaign.subject.trim() || !hasVisibleText(campaign.body)) {
        throw new CampaignStateError("The newsletter needs a subject and a text before it can be sent.");
      }
      const filter = parseRecipientFilter(campaign.recipientFilter);
      await tx.$executeRaw`
        INSERT INTO newsletter_campaign_recipients (campaign_id, subscriber_id, user_id, email, status, created_at)
        SELECT ${campaignId}, s.id, s.user_id, s.email, 'pending', now()
        FROM newsletter_subscribers s WHERE ${recipientCondition(filter)}
        ORDER BY s.id
        ON CONFLICT DO NOTHING`;
      // Counted from the rows, not from the insert: a repeated freeze inserts nothing new.
      const recipientCount = await tx.newsletterCampaignRecipient.count({ where: { campaignId } });
      if (recipientCount === 0) throw new NoRecipientsError();
      await tx.newsletterCampaign.update({ where: { id: campaignId }, data: { recipientCount } });
      return recipientCount;
    },
    { timeout: 120_000 },
  );
}
