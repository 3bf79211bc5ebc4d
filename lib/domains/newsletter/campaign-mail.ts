import sanitizeHtml from "sanitize-html";
import { escapeHtml } from "@/lib/domains/mail/escape-html";
import { newsletterMail } from "@/lib/domains/mail/templates/newsletter";
import { unsubscribeUrl } from "@/lib/domains/mail/unsubscribe-token";
import type { Language } from "@/lib/generated/prisma/client";

// A valid URL that survives rendering unchanged and never occurs in real content (.invalid is
// reserved), so it can be swapped for each recipient's own link after one render.
const PLACEHOLDER = "https://unsubscribe.pressdesk.invalid/__recipient__";

export interface CampaignMail {
  subject: string;
  html: string;
  text: string;
}

export interface CampaignTemplate {
  subject: string;
  /** The mail of one recipient: the rendered campaign with their signed unsubscribe link. */
  forRecipient(email: string): CampaignMail;
}

/** The inbox preview line: the first words of the body. */
function previewLine(bodyHtml: string): string {
  const text = sanitizeHtml(bodyHtml, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, " ").trim();
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/**
 * Renders a campaign once, not once per recipient: at 50,000 recipients a React render each
 * would cost more than the sending. Only the unsubscribe link differs between recipients.
 */
export async function renderCampaignTemplate(campaign: { subject: string; body: string; language: Language }): Promise<CampaignTemplate> {
  const preview = previewLine(campaign.body);
  const rendered = await newsletterMail({
    language: campaign.language,
    subject: campaign.subject,
    bodyHtml: campaign.body,
    unsubscribeUrl: PLACEHOLDER,
    ...(preview ? { preview } : {}),
  });
  return {
    subject: campaign.subject,
    forRecipient(email) {
      const url = unsubscribeUrl(email, "newsletter");
      return {
        subject: rendered.subject,
        html: rendered.html.replaceAll(PLACEHOLDER, escapeHtml(url)),
        text: rendered.text.replaceAll(PLACEHOLDER, url),
      };
    },
  };
}
