import { db, type DbOrTx } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/errors";
import { campaignFields } from "./campaign-fields";
import { assertMayRunNewsletter } from "./campaign-permission";
import { CampaignStateError } from "./errors";
import { sanitizeNewsletterHtml } from "./sanitize-newsletter-html";
import { campaignInputSchema, type CampaignInput } from "./schemas";

/**
 * Saves a draft. Conditional on `draft`: a save that races a start must not change the text
 * after its recipients were frozen, so a started campaign refuses instead of changing under way.
 * By staff who run the newsletter (`actorUserId`; none: the console).
 */
export async function updateCampaign(
  opts: { campaignId: number; input: CampaignInput; actorUserId?: number | null },
  client: DbOrTx = db,
): Promise<void> {
  await assertMayRunNewsletter(opts.actorUserId);
  const input = campaignInputSchema.parse(opts.input);
  const { count } = await client.newsletterCampaign.updateMany({
    where: { id: opts.campaignId, status: "draft" },
    data: campaignFields({ ...input, bodyHtml: sanitizeNewsletterHtml(input.bodyHtml) }),
  });
  if (count === 1) return;
  const exists = await client.newsletterCampaign.findUnique({ where: { id: opts.campaignId }, select: { status: true } });
  if (!exists) throw notFound("No such campaign.");
  throw new CampaignStateError("Only a draft can be edited.", { status: exists.status });
}
