import type { CampaignStatus } from "@/lib/generated/prisma/client";
import type { RecipientFilter } from "@/lib/domains/newsletter/schemas";
import { SITE_NAMES, type Portal } from "@/lib/domains/sites";

// German labels of the newsletter admin, in one place for the list, the form and the detail page.

export const STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: "Entwurf",
  sending: "Wird versendet",
  sent: "Versendet",
  aborted: "Abgebrochen",
};

export const LANGUAGE_LABELS: Record<RecipientFilter["language"], string> = { all: "Alle Sprachen", de: "Deutsch", en: "Englisch" };

export const AUDIENCE_LABELS: Record<RecipientFilter["audience"], string> = {
  all: "Alle Abonnenten",
  customers: "Kunden (mit Konto)",
  readers: "Leser (ohne Konto)",
};

export const PORTAL_LABELS: Record<Portal, string> = { business: SITE_NAMES.business, tech: SITE_NAMES.tech };

/** "Englisch · Pressdesk Tech · Kunden (mit Konto)": the filter in one line. */
export function describeFilter(f: RecipientFilter): string {
  const portals = f.portals.length ? f.portals.map((p) => PORTAL_LABELS[p]).join(" + ") : "alle Portale";
  return [LANGUAGE_LABELS[f.language], portals, AUDIENCE_LABELS[f.audience]].join(" · ");
}

export const recipientsLabel = (n: number) => `${n.toLocaleString("de-DE")} Empfänger`;
