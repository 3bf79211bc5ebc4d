import type { Language } from "@/lib/generated/prisma/client";
import { getSiteHosts, siteOrigin } from "@/lib/domains/sites";

/** Hub paths of the sign-up pages: German without prefix, English under /newsletter/en (the hub's pattern for its own pages). */
export const NEWSLETTER_PATHS: Record<Language, string> = { de: "/newsletter", en: "/newsletter/en" };

/** The hub page that confirms a subscription with a button (app/hub/newsletter/.../confirm/[token]). */
export function newsletterConfirmUrl(token: string, language: Language): string {
  return `${siteOrigin("hub", getSiteHosts())}${NEWSLETTER_PATHS[language]}/confirm/${token}`;
}
