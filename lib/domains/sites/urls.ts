import { SITE_NAMES, type Edition, type Portal, type SiteKey } from "./sites";
import { getSiteHosts } from "./hosts";
import type { SiteHosts } from "./resolve";

// Every public URL is built here. Path segments are per edition so German readers see German
// words; both editions carry their prefix (`/de/...`, `/en/...`).
export const PATH_SEGMENTS = {
  release: { de: "pressemitteilung", en: "press-release" },
  category: { de: "category", en: "category" },
  archive: { de: "archiv", en: "archive" },
  newsroom: { de: "newsroom", en: "newsroom" },
  feed: { de: "feed", en: "feed" },
  search: { de: "suche", en: "search" },
} as const satisfies Record<string, Record<Edition, string>>;

export function siteOrigin(site: SiteKey, hosts: SiteHosts): string {
  return `${hosts.protocol}://${hosts[site]}`;
}

/** An absolute URL on the hub (account area, dashboard, checkout returns, mail links). */
export function hubUrl(path: string): string {
  return `${siteOrigin("hub", getSiteHosts())}${path}`;
}

export function editionHomeUrl(portal: Portal, edition: Edition, hosts: SiteHosts): string {
  return `${siteOrigin(portal, hosts)}/${edition}`;
}

export interface ReleaseRef {
  id: number;
  portal: Portal;
  language: Edition;
  slug: string;
}

export function releasePath(r: Pick<ReleaseRef, "language" | "slug">): string {
  return `/${r.language}/${PATH_SEGMENTS.release[r.language]}/${encodeURIComponent(r.slug)}`;
}

export function releaseUrl(r: ReleaseRef, hosts: SiteHosts): string {
  return `${siteOrigin(r.portal, hosts)}${releasePath(r)}`;
}

/**
 * The `view_url` the legacy `/service/...` API always returned: a stable id-based address on
 * the portal that redirects (301) to the current release page, so old links survive slug changes.
 * An English release's carries the `/en/` prefix, as its pages do (spec 4.1); a German one's
 * stays `/view/{id}`, the form every earlier answer gave.
 */
export function legacyViewUrl(r: Pick<ReleaseRef, "id" | "portal" | "language">, hosts: SiteHosts): string {
  return `${siteOrigin(r.portal, hosts)}${r.language === "en" ? "/en" : ""}/view/${r.id}`;
}

export function categoryPath(edition: Edition, slug: string): string {
  return `/${edition}/${PATH_SEGMENTS.category[edition]}/${encodeURIComponent(slug)}`;
}

export function categoryArchivePath(edition: Edition, slug: string, year: number, page = 1): string {
  const base = `${categoryPath(edition, slug)}/${PATH_SEGMENTS.archive[edition]}/${year}`;
  return page > 1 ? `${base}?page=${page}` : base;
}

export function newsroomPath(edition: Edition, companySlug: string): string {
  return `/${edition}/${PATH_SEGMENTS.newsroom[edition]}/${encodeURIComponent(companySlug)}`;
}

/** The newsroom directory of an edition: the newsroom path without a slug. */
/** The edition's release search (`/de/suche`, `/en/search`). */
export function searchPath(edition: Edition): string {
  return `/${edition}/${PATH_SEGMENTS.search[edition]}`;
}

export function newsroomDirectoryPath(edition: Edition): string {
  return `/${edition}/${PATH_SEGMENTS.newsroom[edition]}`;
}

export function feedPath(edition: Edition): string {
  return `/${edition}/${PATH_SEGMENTS.feed[edition]}`;
}

/** hreflang alternates for a page that exists in both editions (same path after the prefix). */
export function editionAlternates(portal: Portal, pathAfterEdition: string, hosts: SiteHosts): Record<string, string> {
  const origin = siteOrigin(portal, hosts);
  return {
    de: `${origin}/de${pathAfterEdition}`,
    en: `${origin}/en${pathAfterEdition}`,
    "x-default": `${origin}/de${pathAfterEdition}`,
  };
}

export function siteName(site: SiteKey): string {
  return SITE_NAMES[site];
}
