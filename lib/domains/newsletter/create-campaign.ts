import { db, type DbOrTx } from "@/lib/core/db/client";
import { assertMayRunNewsletter } from "./campaign-permission";
import { sanitizeNewsletterHtml } from "./sanitize-newsletter-html";
import { campaignInputSchema, type CampaignInput } from "./schemas";
import { campaignFields } from "./campaign-fields";

/** A new draft: subject, sanitised body and recipient filter (spec 2.9), by staff who run the newsletter (or the console: no actor). */
export async function createCampaign(
  opts: { input: CampaignInput; actorUserId: number | null },
  client: DbOrTx = db,
): Promise<{ id: number }> {
  await assertMayRunNewsletter(opts.actorUserId);
  const input = campaignInputSchema.parse(opts.input);
  return client.newsletterCampaign.create({
    data: { ...campaignFields({ ...input, bodyHtml: sanitizeNewsletterHtml(input.bodyHtml) }), createdByUserId: opts.actorUserId },
    select: { id: true },
  });
}
