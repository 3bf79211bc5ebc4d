import { db, type DbOrTx } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/errors";
import { renderCampaignTemplate } from "./campaign-mail";
import { countRecipients } from "./recipient-query";
import { parseRecipientFilter } from "./schemas";

/** The address the preview's unsubscribe link is made for: reserved, so it reaches no one. */
const PREVIEW_ADDRESS = "vorschau@pressdesk.invalid";

export interface CampaignPreview {
  subject: string;
  html: string;
  text: string;
  /** Subscribers the filter selects now (a started campaign: the frozen count). */
  recipientCount: number;
}

/** The mail exactly as a recipient gets it, and how many would get it. */
export async function previewCampaign(opts: { campaignId: number }, client: DbOrTx = db): Promise<CampaignPreview> {
  const campaign = await client.newsletterCampaign.findUnique({
    where: { id: opts.campaignId },
    select: { subject: true, body: true, language: true, status: true, recipientFilter: true, recipientCount: true },
  });
  if (!campaign) throw notFound("No such campaign.");
  const mail = (await renderCampaignTemplate(campaign)).forRecipient(PREVIEW_ADDRESS);
  const recipientCount =
    campaign.status === "draft" ? await countRecipients(parseRecipientFilter(campaign.recipientFilter), client) : campaign.recipientCount;
  return { ...mail, recipientCount };
}
