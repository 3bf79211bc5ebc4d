import { z } from "@/lib/core/forms/zod-in-browser";
import { EDITIONS, PORTALS } from "@/lib/domains/sites";

// Input of the newsletter's domain functions. German messages: they end up under the fields of
// the admin and sign-up forms (actionError maps the issues by path).

export const SUBJECT_MAX = 200;
/** Far above any newsletter a person writes; bounds what a forged request can make us store and send. */
export const BODY_HTML_MAX = 100_000;
export const AUDIENCES = ["all", "customers", "readers"] as const;

/**
 * Who a campaign goes to. `language` all/de/en; `portals` the portals of interest (empty: no
 * restriction; a subscriber with no portals wants both, so always matches); `audience`
 * customers = subscribers with an account, readers = without one.
 */
export const recipientFilterSchema = z.object({
  language: z.enum(["all", ...EDITIONS]).default("all"),
  portals: z
    .array(z.enum(PORTALS))
    .max(PORTALS.length)
    .default([])
    .transform((p) => [...new Set(p)].sort()),
  audience: z.enum(AUDIENCES).default("all"),
});

export type RecipientFilter = z.output<typeof recipientFilterSchema>;
export const DEFAULT_RECIPIENT_FILTER: RecipientFilter = { language: "all", portals: [], audience: "all" };

/** A stored filter (JSON column) as a filter; anything unreadable counts as "everyone". */
export function parseRecipientFilter(value: unknown): RecipientFilter {
  const parsed = recipientFilterSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : DEFAULT_RECIPIENT_FILTER;
}

export const campaignInputSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, "Bitte geben Sie einen Betreff ein.")
    .max(SUBJECT_MAX, `Der Betreff darf höchstens ${SUBJECT_MAX} Zeichen haben.`),
  bodyHtml: z.string().max(BODY_HTML_MAX, "Der Text ist zu lang."),
  filter: recipientFilterSchema,
});

export type CampaignInput = z.input<typeof campaignInputSchema>;

export const signupInputSchema = z.object({
  email: z.string().trim().toLowerCase().max(320).pipe(z.email("Bitte geben Sie eine gültige E-Mail-Adresse ein.")),
  language: z.enum(EDITIONS).default("de"),
  portals: z
    .array(z.enum(PORTALS))
    .max(PORTALS.length)
    .default([])
    .transform((p) => [...new Set(p)].sort()),
});

export type SignupInput = z.input<typeof signupInputSchema>;
