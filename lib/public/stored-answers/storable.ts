import { LEGAL_PAGES } from "@/lib/legal/pages";
import type { SiteKey } from "@/lib/sites";
import { isPortalPage } from "../public-paths";

/**
 * Which public answers are kept as stored bytes (spec 8, cache rules): what every reader gets
 * alike. Portal pages (home, releases, categories and archives through page 3, newsrooms, the
 * directory's first pages, /rss, corrections), feeds, sitemaps, robots.txt and llms.txt, and the
 * hub's legal pages. Not: searches (unbounded input never becomes a key), later archive pages,
 * beacons and counters, anything private.
 */
const PORTAL_FILES = /^\/(robots\.txt|llms\.txt|sitemap\.xml|sitemap-news\.xml|sitemaps\/[A-Za-z0-9._-]{1,80})$/;
const HUB_FILES = /^\/(robots\.txt|llms\.txt|sitemap-news\.xml)$/;
const LEGAL_SLUGS = new Set(Object.values(LEGAL_PAGES).flatMap((p) => [`/${p.de.slug}`, `/${p.en.slug}`]));

/** Query parameters a stored page reads; any other is ignored, so `?utm_source=…` shares the entry. */
const KEPT_PARAMS: Record<string, RegExp> = { page: /^[1-3]$/, letter: /^([A-Za-z#]|0-9)$/ };
const NEVER_STORED_PARAMS = new Set(["q"]);

/** The hub's pages among the stored answers (its files set their own cache headers). */
export const isStoredHubPage = (pathname: string) => LEGAL_SLUGS.has(pathname);

export interface StorableAnswer {
  /** Store key: site, path and the parameters the page reads, in a fixed order. */
  key: string;
  /** The public path and query the render is asked for. */
  path: string;
}

export function storableAnswer(site: SiteKey, pathname: string, params: URLSearchParams): StorableAnswer | null {
  const storable = site === "hub" ? HUB_FILES.test(pathname) || isStoredHubPage(pathname) : PORTAL_FILES.test(pathname) || isPortalPath(pathname);
  if (!storable || pathname.length > 300) return null;
  const kept: string[] = [];
  for (const name of [...new Set(params.keys())].sort()) {
    if (NEVER_STORED_PARAMS.has(name)) return null;
    const rule = KEPT_PARAMS[name];
    if (!rule) continue;
    const values = params.getAll(name);
    if (values.length !== 1 || !rule.test(values[0]!)) return null;
    kept.push(`${name}=${values[0]}`);
  }
  const path = kept.length ? `${pathname}?${kept.join("&")}` : pathname;
  return { key: `${site}:${path}`, path };
}

/** Edition pages and their feeds; the path segments themselves are checked by the routes. */
function isPortalPath(pathname: string): boolean {
  const parts = pathname.split("/").filter(Boolean);
  return isPortalPage(pathname) || (parts.length >= 2 && parts.at(-1) === "feed" && isPortalPage(`/${parts.slice(0, -1).join("/")}`));
}
