import { LEGAL_PAGES } from "@/lib/domains/legal/pages";
import { isEdition, PATH_SEGMENTS, type Edition, type SiteKey } from "@/lib/domains/sites";
import { isFeedSegment, isPortalPage } from "@/lib/domains/sites/public-paths";

/**
 * Which public answers are kept as stored bytes (spec 8, cache rules): what every reader gets
 * alike. Portal pages (home, releases, categories and archives through page 3, newsrooms, the
 * directory's first pages, /rss, corrections), feeds, sitemaps, robots.txt and llms.txt, and the
 * hub's legal pages. Not: searches (unbounded input never becomes a key), later archive pages,
 * beacons and counters, anything private, and any path not in its one canonical spelling (an
 * escaped letter, lower-case hex): every spelling would be a key of its own.
 */
const PORTAL_FILES = /^\/(robots\.txt|llms\.txt|sitemap\.xml|sitemap-news\.xml|sitemaps\/(pages|releases-[1-9]\d{0,5})\.xml)$/;
const HUB_FILES = /^\/(robots\.txt|llms\.txt|sitemap-news\.xml)$/;
const LEGAL_SLUGS = new Set(Object.values(LEGAL_PAGES).flatMap((p) => [`/${p.de.slug}`, `/${p.en.slug}`]));
const NEVER_STORED_PARAMS = new Set(["q"]);

/** The hub's front page in both languages: static markup like the reader pages (components/hub/landing). */
export const isHubReaderPage = (pathname: string) => pathname === "/" || pathname === "/en";

/** The hub's pages among the stored answers (its files set their own cache headers). */
export const isStoredHubPage = (pathname: string) => LEGAL_SLUGS.has(pathname) || isHubReaderPage(pathname);

export interface StorableAnswer {
  /** Store key: site, path and the parameters the page reads, in a fixed order. */
  key: string;
  /** The public path and query the render is asked for. */
  path: string;
}

export function storableAnswer(site: SiteKey, pathname: string, params: URLSearchParams): StorableAnswer | null {
  const storable =
    site === "hub" ? HUB_FILES.test(pathname) || isStoredHubPage(pathname) : PORTAL_FILES.test(pathname) || isPortalPath(pathname);
  if (!storable || pathname.length > 300 || !isCanonical(pathname) || isSearchPath(pathname)) return null;
  // The hub's stored pages read no parameters; `/en` there is its front page, not an edition's.
  const rules = site === "hub" ? {} : paramsRead(pathname);
  const kept = new URLSearchParams();
  for (const name of [...new Set(params.keys())].sort()) {
    if (NEVER_STORED_PARAMS.has(name)) return null;
    const rule = rules[name];
    if (!rule) continue; // a parameter the page does not read (utm_source, fbclid) shares the entry
    const values = params.getAll(name);
    if (values.length !== 1 || !rule.test(values[0]!)) return null;
    kept.append(name, values[0]!);
  }
  const query = kept.toString();
  const path = query ? `${pathname}?${query}` : pathname;
  return { key: `${site}:${path}`, path };
}

/**
 * The parameters a page reads: `page` on the home, the archives and the corrections (kept through
 * 3) and the directory, `letter` on the directory. A parameter a page reads but this leaves out
 * would give every value the first one's bytes.
 */
function paramsRead(pathname: string): Record<string, RegExp> {
  const parts = pathname.split("/").filter(Boolean);
  const edition = parts[0] as Edition;
  const page = /^[1-3]$/;
  if (parts.length === 1 || (parts.length === 2 && parts[1] === "corrections")) return { page };
  if (parts.length === 2 && parts[1] === PATH_SEGMENTS.newsroom[edition]) return { page, letter: /^([A-Za-z#]|0-9)$/ };
  if (parts[1] === PATH_SEGMENTS.category[edition] && parts[3] === PATH_SEGMENTS.archive[edition]) return { page };
  return {};
}

/** The readers' search: every answer depends on what was asked. */
function isSearchPath(pathname: string): boolean {
  const [, edition, segment] = pathname.split("/");
  return isEdition(edition) && segment === PATH_SEGMENTS.search[edition];
}

/** True when every segment is written the one way encodeURIComponent writes it. */
function isCanonical(pathname: string): boolean {
  return pathname.split("/").every((segment) => {
    try {
      return encodeURIComponent(decodeURIComponent(segment)) === segment;
    } catch {
      return false;
    }
  });
}

/** Edition pages and their feeds (RSS and JSON Feed); the path segments themselves are checked by the routes. */
function isPortalPath(pathname: string): boolean {
  const parts = pathname.split("/").filter(Boolean);
  return isPortalPage(pathname) || (parts.length >= 2 && isFeedSegment(parts.at(-1)) && isPortalPage(`/${parts.slice(0, -1).join("/")}`));
}
