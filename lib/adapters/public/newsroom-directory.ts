import { newsroomDescription } from "@/lib/domains/companies/description";
import { logoUrl } from "@/lib/domains/companies/logo-url";
import { onPortalWhere, PUBLIC_NEWSROOM_WHERE } from "@/lib/domains/sites/portals";
import { db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { withoutUnstorableChars } from "@/lib/core/input/text";
import { archiveVisibleReleaseWhere } from "@/lib/domains/releases/visibility";
import {
  editionAlternates,
  getSiteHosts,
  newsroomDirectoryPath,
  newsroomPath,
  siteOrigin,
  type Edition,
  type Portal,
} from "@/lib/domains/sites";
import { shortText, SHORT_DESCRIPTION_CHARS } from "./newsroom-profile";

/** Newsrooms per directory page. */
export const DIRECTORY_PAGE_SIZE = 60;
/** Longer search words are cut: no newsroom name needs more, and the work stays bounded. */
export const DIRECTORY_QUERY_MAX_CHARS = 100;

/** The letter bar in list order: digits sort first, names in other scripts last. */
export const DIRECTORY_LETTERS = ["0-9", ..."ABCDEFGHIJKLMNOPQRSTUVWXYZ", "#"] as const;
export type DirectoryLetter = (typeof DIRECTORY_LETTERS)[number];

/**
 * A newsroom the directory lists: public, not merged into another, with a release visible in
 * the archive of this portal (and edition; null: of either). Sitemap and llms.txt use it too.
 */
export function listedNewsroomWhere(portal: Portal, edition: Edition | null, now: Date = new Date()): Prisma.CompanyWhereInput {
  return {
    ...onPortalWhere(portal),
    ...PUBLIC_NEWSROOM_WHERE,
    mergedIntoCompanyId: null,
    releases: { some: listedReleaseWhere(portal, edition, now) },
  };
}

function listedReleaseWhere(portal: Portal, edition: Edition | null, now: Date): Prisma.PressReleaseWhereInput {
  return { ...archiveVisibleReleaseWhere(now), portal, ...(edition ? { language: edition } : {}) };
}

// German order (DIN 5007-1: Ä as A), numbers by value ("3M" before "10X").
const collator = new Intl.Collator("de", { numeric: true });
/** Leading quotes, brackets and symbols do not decide where a name is filed. */
const sortKey = (name: string) => name.replace(/^[^\p{L}\p{N}]+/u, "");
const BASE_LETTERS: Record<string, string> = { Æ: "A", Ø: "O", Œ: "O", Ł: "L", Đ: "D", Ð: "D", Þ: "T", ẞ: "S" };

/** The letter bar entry a name is filed under: its first letter without accents, a digit, or "#". */
export function directoryLetter(name: string): DirectoryLetter {
  const first = [...sortKey(name).normalize("NFD").replace(/\p{M}/gu, "")][0]?.toUpperCase()[0] ?? "";
  const base = BASE_LETTERS[first] ?? first;
  if (/^[A-Z]$/.test(base)) return base as DirectoryLetter;
  return /^[0-9]$/.test(base) ? "0-9" : "#";
}

/** Text as the search compares it: without accents, case or repeated spaces ("Müller" finds "Muller"). */
export function foldForSearch(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("de").replace(/ß/g, "ss").replace(/\s+/g, " ").trim();
}

export interface DirectoryQuery {
  letter: DirectoryLetter | null;
  q: string;
  page: number;
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * The filter of a request (?letter=, ?q=, ?page=), or null (404) for a letter or page that names
 * nothing. The search words are cleaned, never refused: unstorable and control characters go,
 * spaces collapse, and only the first 100 characters count.
 */
export function parseDirectoryQuery(search: {
  letter?: string | string[];
  q?: string | string[];
  page?: string | string[];
}): DirectoryQuery | null {
  const rawLetter = first(search.letter)?.trim().toUpperCase() ?? "";
  const letter =
    rawLetter === "" ? null : (DIRECTORY_LETTERS as readonly string[]).includes(rawLetter) ? (rawLetter as DirectoryLetter) : undefined;
  const rawPage = first(search.page) ?? "1";
  if (letter === undefined || !/^[1-9]\d{0,5}$/.test(rawPage)) return null;
  const q = [
    ...withoutUnstorableChars(first(search.q) ?? "")
      .replace(/\p{Cc}/gu, " ")
      .replace(/\s+/g, " ")
      .trim(),
  ]
    .slice(0, DIRECTORY_QUERY_MAX_CHARS)
    .join("")
    .trim();
  return { letter, q, page: Number(rawPage) };
}

/** The address of a directory view: path plus only the filters that are set. */
export function directoryHref(edition: Edition, query: Partial<DirectoryQuery>): string {
  const params = new URLSearchParams();
  if (query.letter) params.set("letter", query.letter.toLowerCase());
  if (query.q) params.set("q", query.q);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return `${newsroomDirectoryPath(edition)}${search ? `?${search}` : ""}`;
}

export interface DirectoryIndexEntry {
  id: number;
  name: string;
  slug: string;
  letter: DirectoryLetter;
  releaseCount: number;
}

/** Every listed newsroom of a portal edition, A–Z, with its number of releases there. Small per row: cached whole. */
export async function newsroomDirectoryIndex(portal: Portal, edition: Edition, now: Date = new Date()): Promise<DirectoryIndexEntry[]> {
  const rows = await db.company.findMany({
    where: listedNewsroomWhere(portal, edition, now),
    select: { id: true, name: true, slug: true, _count: { select: { releases: { where: listedReleaseWhere(portal, edition, now) } } } },
  });
  const entries = rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    letter: directoryLetter(r.name),
    releaseCount: r._count.releases,
  }));
  const keys = new Map(entries.map((e) => [e.id, sortKey(e.name)]));
  const group = (e: DirectoryIndexEntry) => DIRECTORY_LETTERS.indexOf(e.letter);
  // In the letter bar's groups (a name of symbols only sits with "#", not first), then German order.
  return entries.sort(
    (a, b) => group(a) - group(b) || collator.compare(keys.get(a.id)!, keys.get(b.id)!) || collator.compare(a.name, b.name) || a.id - b.id,
  );
}

export interface NewsroomDirectoryEntry {
  id: number;
  name: string;
  href: string;
  logoUrl: string | null;
  description: string | null;
  releaseCount: number;
}

export interface NewsroomDirectory extends DirectoryQuery {
  entries: NewsroomDirectoryEntry[];
  /** Matches of the filter, over all pages. */
  total: number;
  totalPages: number;
  /** Every letter with its number of newsrooms (of the whole directory, whatever the filter). */
  letters: { letter: DirectoryLetter; count: number }[];
  canonical: string;
  /** hreflang only on a first page without search words (the other edition lists other newsrooms). */
  alternates: Record<string, string> | null;
}

/**
 * One page of the newsroom directory of a portal edition (spec 2.2: inactive newsrooms drop out):
 * filtered by letter and search words, 60 a page. A page past the last answers null (404); a
 * filter without matches is an empty first page. `readIndex` lets the caller serve the index
 * from the cache.
 */
export async function newsroomDirectory(
  opts: DirectoryQuery & { portal: Portal; edition: Edition; now?: Date },
  readIndex: (portal: Portal, edition: Edition) => Promise<DirectoryIndexEntry[]> = (p, e) => newsroomDirectoryIndex(p, e, opts.now),
): Promise<NewsroomDirectory | null> {
  const { portal, edition, letter, q, page } = opts;
  const index = await readIndex(portal, edition);
  const words = foldForSearch(q);
  const matches = index.filter((e) => (!letter || e.letter === letter) && (!words || foldForSearch(e.name).includes(words)));
  const totalPages = Math.ceil(matches.length / DIRECTORY_PAGE_SIZE);
  if (page > Math.max(totalPages, 1)) return null;
  const slice = matches.slice((page - 1) * DIRECTORY_PAGE_SIZE, page * DIRECTORY_PAGE_SIZE);
  const profiles = new Map(
    (
      await db.company.findMany({
        where: { id: { in: slice.map((e) => e.id) } },
        select: { id: true, logoPath: true, descriptionDe: true, descriptionEn: true },
      })
    ).map((c) => [c.id, c]),
  );
  const hosts = getSiteHosts();
  const origin = siteOrigin(portal, hosts);
  const counts = new Map<DirectoryLetter, number>();
  for (const e of index) counts.set(e.letter, (counts.get(e.letter) ?? 0) + 1);
  // A search result's canonical is the unsearched first page of its letter.
  const unsearched = { letter, page: q ? 1 : page };
  return {
    letter,
    q,
    page,
    total: matches.length,
    totalPages,
    letters: DIRECTORY_LETTERS.map((l) => ({ letter: l, count: counts.get(l) ?? 0 })),
    entries: slice.map((e) => {
      const profile = profiles.get(e.id);
      return {
        id: e.id,
        name: e.name,
        href: newsroomPath(edition, e.slug),
        logoUrl: logoUrl(profile?.logoPath),
        description: profile ? shortText(newsroomDescription(profile, edition), SHORT_DESCRIPTION_CHARS) : null,
        releaseCount: e.releaseCount,
      };
    }),
    canonical: `${origin}${directoryHref(edition, unsearched)}`,
    alternates: page === 1 && !q ? editionAlternates(portal, directoryHref("de", unsearched).slice(3), hosts) : null,
  };
}
