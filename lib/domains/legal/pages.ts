import type { Edition } from "@/lib/domains/sites";

// Legal and information pages live on the hub, the leading host; the portals' addresses for
// them answer 301 there (spec 7).
export const LEGAL_PAGES = {
  imprint: { de: { slug: "impressum", title: "Impressum" }, en: { slug: "legal-notice", title: "Legal notice" } },
  privacy: { de: { slug: "datenschutz", title: "Datenschutzerklärung" }, en: { slug: "privacy", title: "Privacy policy" } },
  terms: { de: { slug: "agb", title: "Allgemeine Geschäftsbedingungen" }, en: { slug: "terms", title: "Terms of service" } },
} as const;

export type LegalPageKey = keyof typeof LEGAL_PAGES;

/** The hub's intake pages (spec 4.4, 6.1): legal requests and the contact form, in every footer beside the legal pages. */
export const INTAKE_PAGES = {
  legalRequests: {
    de: { path: "/rechtliche-anliegen", title: "Rechtliche Anliegen" },
    en: { path: "/legal-requests", title: "Legal requests" },
  },
  contact: { de: { path: "/kontakt", title: "Kontakt" }, en: { path: "/contact", title: "Contact" } },
} as const;

export type IntakePageKey = keyof typeof INTAKE_PAGES;

/** The hub path of a legal page: German without prefix, English under its own slug. */
export function legalPath(page: LegalPageKey, edition: Edition): string {
  return `/${LEGAL_PAGES[page][edition].slug}`;
}

/** A portal path (`/de/impressum`, `/en/privacy`) that names a legal page, as the hub path it moved to. */
export function movedLegalPath(pathname: string): string | null {
  const [, edition, slug, ...rest] = pathname.split("/");
  if ((edition !== "de" && edition !== "en") || !slug || rest.length) return null;
  const page = (Object.keys(LEGAL_PAGES) as LegalPageKey[]).find((k) => LEGAL_PAGES[k][edition].slug === slug);
  return page ? legalPath(page, edition) : null;
}

const OPERATOR = "Pressdesk GmbH, Musterstraße 1, 20095 Hamburg";

/** The texts, short and plain; the operator's details come from one place. */
export const LEGAL_TEXT: Record<LegalPageKey, Record<Edition, string[]>> = {
  imprint: {
    de: [
      `Anbieter: ${OPERATOR}.`,
      "Kontakt: kontakt@pressdesk.example.",
      "Für die Inhalte der Pressemitteilungen sind die veröffentlichenden Newsrooms verantwortlich; jede Meldung nennt ihren Absender.",
    ],
    en: [
      `Provider: ${OPERATOR}, Germany.`,
      "Contact: kontakt@pressdesk.example.",
      "The newsrooms that publish press releases are responsible for their content; every release names its sender.",
    ],
  },
  privacy: {
    de: [
      "Wir speichern Zugriffe auf Pressemitteilungen ohne personenbezogene Daten: keine IP-Adressen, gekürzte Browserkennungen, Aufbewahrung 395 Tage.",
      "Konten speichern E-Mail-Adresse, Name und Anmeldedaten; IP-Adressen nur als gekürzter, geheimer Hash.",
      "Auskunft, Berichtigung und Löschung: über das Anfrageformular für rechtliche Anliegen oder per E-Mail.",
    ],
    en: [
      "We record visits to press releases without personal data: no IP addresses, shortened browser identifiers, kept for 395 days.",
      "Accounts store e-mail address, name and sign-in data; IP addresses only as a shortened, keyed hash.",
      "Access, correction and deletion: through the legal request form or by e-mail.",
    ],
  },
  terms: {
    de: [
      "Newsrooms veröffentlichen Pressemitteilungen nach unseren Qualitätsrichtlinien; jede Meldung wird vor der Veröffentlichung geprüft.",
      "Bildrechte bestätigt der Newsroom beim Hochladen; wir bewahren die Nachweise auf.",
      "Preise und Kontingente richten sich nach dem gebuchten Tarif.",
    ],
    en: [
      "Newsrooms publish press releases under our quality guidelines; every release is checked before publication.",
      "Newsrooms confirm image rights when uploading; we keep the evidence.",
      "Prices and quotas follow the booked plan.",
    ],
  },
};
