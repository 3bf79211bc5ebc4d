// The three sites: the hub (account area, API documentation) and two publishing portals.
// Pure data and functions, no Node imports: the middleware runs this too.

export const PORTALS = ["business", "tech"] as const;
export type Portal = (typeof PORTALS)[number];
export const EDITIONS = ["de", "en"] as const;
export type Edition = (typeof EDITIONS)[number];
export type SiteKey = "hub" | Portal;

export const DEFAULT_EDITION: Edition = "de";

export const SITE_NAMES: Record<SiteKey, string> = {
  hub: "Pressdesk",
  business: "Pressdesk Business",
  tech: "Pressdesk Tech",
};

export const PORTAL_TAGLINES: Record<Portal, Record<Edition, string>> = {
  business: { de: "Pressemitteilungen aus Wirtschaft und Finanzen", en: "Press releases from business and finance" },
  tech: { de: "Pressemitteilungen aus Technik und Wissenschaft", en: "Press releases from technology and science" },
};

export function isPortal(value: unknown): value is Portal {
  return typeof value === "string" && (PORTALS as readonly string[]).includes(value);
}

export function isEdition(value: unknown): value is Edition {
  return typeof value === "string" && (EDITIONS as readonly string[]).includes(value);
}

export function otherEdition(edition: Edition): Edition {
  return edition === "de" ? "en" : "de";
}
