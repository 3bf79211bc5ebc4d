import { db } from "@/lib/core/db/client";
import { AppError, type ValidationIssue } from "@/lib/core/errors/errors";
import { isReadableText, UNREADABLE_TEXT_MESSAGE } from "@/lib/core/input/text";
import { EDITIONS, PORTALS, type Edition, type Portal } from "@/lib/domains/sites";
import { MATCH_TOTAL_CAP, searchReleases } from "./search";
import { searchExcerpts, type ExcerptSegment } from "./search-excerpts";
import { archiveVisibleReleaseWhere } from "./visibility";

// The readers' search of one portal edition (/de/suche, /en/search): searchReleases over the
// releases visible in the archive, one page of them with their newsroom, category and a marked
// excerpt. Whatever a reader or a crawler puts in the address ends as a page, an empty page or
// a validation error (422), never as a failed query.

/** Results per page. */
export const PUBLIC_SEARCH_PER_PAGE = 20;
/**
 * The last page a reader can open: 1,000 results, as many as a search with words counts
 * (MATCH_TOTAL_CAP). A list without words counts further; its later pages are the archive's.
 */
export const PUBLIC_SEARCH_MAX_PAGE = Math.ceil(MATCH_TOTAL_CAP / PUBLIC_SEARCH_PER_PAGE);
/** Longest search words a reader may send (characters). */
export const PUBLIC_SEARCH_MAX_LENGTH = 200;

export interface PublicSearchInput {
  portal: Portal;
  language: Edition;
  /** Words as the reader typed them (websearch syntax); empty lists the newest releases. */
  q: string;
  /** An active category of the portal; its active subcategories are searched with it. */
  categoryId?: number;
  companyId?: number;
  /** Published at or after (inclusive: the caller passes the first instant of the day). */
  from?: Date;
  /** Published at or before (inclusive: the caller passes the last instant of the day). */
  until?: Date;
  /** "rank": the best of the newest matches first; "newest": by date. Without words both are by date. */
  order: "rank" | "newest";
  /** From 1. A page past the last one is empty. */
  page: number;
  /** The instant the embargo is judged at (tests); now by default. */
  now?: Date;
}

export interface PublicSearchItem {
  id: number;
  slug: string;
  title: string;
  publishedAt: Date;
  companyName: string;
  companySlug?: string;
  categoryName?: string;
  /** The excerpt as text segments: render each as text, a hit inside <mark>. */
  segments: ExcerptSegment[];
}

export interface PublicSearchResult {
  /** Matches counted up to MATCH_TOTAL_CAP (SEARCH_TOTAL_CAP without words: the archive's count). */
  total: number;
  /** More than `total` exist: show "more than". */
  capped: boolean;
  page: number;
  /** Pages a reader can open: for `total`, at most PUBLIC_SEARCH_MAX_PAGE (0 without results). */
  pageCount: number;
  items: PublicSearchItem[];
}

const MAX_ID = 2_147_483_647;

function refuse(issues: ValidationIssue[]): never {
  throw new AppError("validation_failed", "The search cannot be used as asked.", undefined, issues);
}

const isId = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 1 && v <= MAX_ID;
const isDate = (v: unknown): v is Date => v instanceof Date && Number.isFinite(v.getTime());

/** The input checked: a list of what is wrong with it, field by field. */
function issuesOf(input: PublicSearchInput): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const raw = input as unknown as Record<string, unknown>;
  if (!PORTALS.includes(raw.portal as Portal)) issues.push({ path: "portal", message: "Unknown portal." });
  if (!EDITIONS.includes(raw.language as Edition)) issues.push({ path: "language", message: "Unknown edition." });
  if (typeof raw.q !== "string") issues.push({ path: "q", message: "Words are text." });
  else if (!isReadableText(raw.q)) issues.push({ path: "q", message: UNREADABLE_TEXT_MESSAGE });
  else if (Array.from(raw.q.trim()).length > PUBLIC_SEARCH_MAX_LENGTH)
    issues.push({ path: "q", message: `At most ${PUBLIC_SEARCH_MAX_LENGTH} characters.` });
  if (raw.order !== "rank" && raw.order !== "newest") issues.push({ path: "order", message: "rank or newest." });
  if (typeof raw.page !== "number" || !Number.isSafeInteger(raw.page) || raw.page < 1)
    issues.push({ path: "page", message: "A page number from 1." });
  if (raw.categoryId !== undefined && !isId(raw.categoryId)) issues.push({ path: "categoryId", message: "Unknown category." });
  if (raw.companyId !== undefined && !isId(raw.companyId)) issues.push({ path: "companyId", message: "Unknown newsroom." });
  for (const path of ["from", "until"] as const) {
    const at = raw[path];
    // Years 1000–9999: what a date field can mean, and within what PostgreSQL stores.
    if (at !== undefined && !(isDate(at) && at.getUTCFullYear() >= 1000 && at.getUTCFullYear() <= 9999))
      issues.push({ path, message: "A date in the years 1000–9999." });
  }
  if (!issues.length && input.from && input.until && input.from > input.until)
    issues.push({ path: "until", message: "The range ends before it begins." });
  if (raw.now !== undefined && !isDate(raw.now)) issues.push({ path: "now", message: "An instant." });
  return issues;
}

/**
 * One page of the public search of a portal edition: only releases visible in the archive
 * (visibility.ts: published, past their embargo, not gone, newsroom active, not withheld from
 * exports), each with its marked excerpt. Refuses unusable input with `validation_failed`
 * (words longer than PUBLIC_SEARCH_MAX_LENGTH or with control characters, a page below 1, an
 * unknown or inactive category, dates outside the calendar or a range ending before it begins);
 * a page past the last is empty.
 */
export async function searchPublicReleases(input: PublicSearchInput): Promise<PublicSearchResult> {
  const issues = issuesOf(input);
  if (issues.length) refuse(issues);
  const { portal, language, order, page } = input;
  const now = input.now ?? new Date();
  const q = input.q.trim();

  let categoryIds: number[] | undefined;
  if (input.categoryId !== undefined) {
    const category = await db.category.findFirst({
      where: { id: input.categoryId, portal, isActive: true },
      select: { id: true, children: { where: { isActive: true }, select: { id: true } } },
    });
    if (!category) refuse([{ path: "categoryId", message: "Unknown category." }]);
    categoryIds = [category.id, ...category.children.map((c) => c.id)];
  }

  const perPage = PUBLIC_SEARCH_PER_PAGE;
  // Pages past the last list nothing; they are not read at all.
  const lastPage = PUBLIC_SEARCH_MAX_PAGE;
  const found = await searchReleases({
    q,
    portal,
    language,
    publicOnly: true,
    archiveOnly: true,
    now,
    ...(categoryIds ? { categoryIds } : {}),
    ...(input.companyId !== undefined ? { companyIds: [input.companyId] } : {}),
    ...(input.from ? { publishedFrom: input.from } : {}),
    ...(input.until ? { publishedUntil: input.until } : {}),
    order,
    // Past the last page only the count is wanted: page 1 gives it.
    page: page > lastPage ? 1 : page,
    perPage,
  });
  const pageCount = Math.min(Math.ceil(found.total / perPage), lastPage);
  const head = { total: found.total, capped: found.capped, page, pageCount };
  const ids = page > lastPage ? [] : found.ids;
  if (!ids.length) return { ...head, items: [] };

  // The rule itself, asked of the releases: the mirror's public side is kept by every change,
  // this keeps a stale row from ever showing.
  const [releases, excerpts] = await Promise.all([
    db.pressRelease.findMany({
      where: { id: { in: ids }, ...archiveVisibleReleaseWhere(now), portal, language },
      select: {
        id: true,
        slug: true,
        title: true,
        publishedAt: true,
        company: { select: { name: true, slug: true } },
        category: { select: { nameDe: true, nameEn: true } },
      },
    }),
    searchExcerpts(ids, q, language),
  ]);
  const byId = new Map(releases.map((r) => [r.id, r]));
  const items: PublicSearchItem[] = [];
  for (const id of ids) {
    const r = byId.get(id);
    if (!r?.publishedAt) continue;
    const categoryName = r.category ? (language === "de" ? r.category.nameDe : r.category.nameEn) : undefined;
    items.push({
      id,
      slug: r.slug,
      title: r.title,
      publishedAt: r.publishedAt,
      companyName: r.company.name,
      companySlug: r.company.slug,
      ...(categoryName ? { categoryName } : {}),
      segments: excerpts.get(id)?.segments ?? [],
    });
  }
  return { ...head, items };
}
