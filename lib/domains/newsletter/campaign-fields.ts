import type { RecipientFilter } from "./schemas";

/**
 * The stored columns of a draft. The mail's language follows the filter's language (an English
 * campaign goes to English subscribers, with an English footer); a campaign to all languages
 * gets the German frame, as the hub does.
 */
export function campaignFields(input: { subject: string; bodyHtml: string; filter: RecipientFilter }) {
  return {
    subject: input.subject,
    body: input.bodyHtml,
    recipientFilter: input.filter,
    language: input.filter.language === "all" ? ("de" as const) : input.filter.language,
  };
}
