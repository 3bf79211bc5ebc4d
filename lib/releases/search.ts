import { db } from "@/lib/db/client";
import { Prisma, type ReleaseStatus } from "@/lib/generated/prisma/client";
import { syncSearchMirror } from "./search-mirror";
import { AppError } from "@/lib/http/errors";
import { isAcceptableText, UNACCEPTABLE_TEXT_MESSAGE } from "@/lib/input/text";

export interface ReleaseSearch {
  /** Words as a person types them (websearch syntax: "quoted phrase", -exclude, or). */
  q?: string;
  companyIds?: number[];
  portal?: "business" | "tech";
  language?: "de" | "en";
  status?: ReleaseStatus;
  categoryId?: number;
  /** Only what readers may see: public in the mirror and past its embargo. */
  publicOnly?: boolean;
  now?: Date;
  page?: number;
  perPage?: number;
}

/** Deeper pages hold nothing a reader can use; the bound keeps OFFSET sane. */
export const MAX_SEARCH_PAGE = 10_000;

/** Totals are counted up to this many matches; the API reports `total` capped there. */
export const SEARCH_TOTAL_CAP = 10_000;
/** With words, the best matches among this many newest matches come first; deeper pages go by date. */
export const RANK_WINDOW = 1_000;

/**
 * Full-text search over the mirror (spec 2.3: the indexes live only there). Each release is
 * matched in its own language's configuration; without words the newest come first. Ranking
 * every match of a common word would read most of the table, so relevance orders the newest
 * RANK_WINDOW matches: a press search wants the best recent hits.
 */
export async function searchReleases(s: ReleaseSearch): Promise<{ ids: number[]; total: number }> {
  const perPage = s.perPage ?? 20;
  const page = s.page ?? 1;
  // Words and pages come from people and clients: refused here, whichever screen or API asked.
  if (s.q !== undefined && !isAcceptableText(s.q)) throw new AppError("validation_failed", "The search words cannot be used.", undefined, [{ path: "q", message: UNACCEPTABLE_TEXT_MESSAGE }]);
  if (!Number.isSafeInteger(page) || page < 1 || page > MAX_SEARCH_PAGE) throw new AppError("validation_failed", `Pages run from 1 to ${MAX_SEARCH_PAGE}.`, undefined, [{ path: "page", message: `1–${MAX_SEARCH_PAGE}.` }]);
  const offset = (page - 1) * perPage;
  const where: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (s.companyIds) where.push(s.companyIds.length ? Prisma.sql`company_id IN (${Prisma.join(s.companyIds)})` : Prisma.sql`FALSE`);
  if (s.portal) where.push(Prisma.sql`portal = ${s.portal}::"Portal"`);
  if (s.language) where.push(Prisma.sql`language = ${s.language}::"Language"`);
  if (s.status) where.push(Prisma.sql`status = ${s.status}::"ReleaseStatus"`);
  if (s.categoryId) where.push(Prisma.sql`category_id = ${s.categoryId}`);
  if (s.publicOnly) where.push(Prisma.sql`is_public AND published_at <= ${s.now ?? new Date()}`);
  const q = s.q?.trim();
  if (q) {
    const de = Prisma.sql`(language = 'de' AND search_de @@ websearch_to_tsquery('german', ${q}))`;
    const en = Prisma.sql`(language = 'en' AND search_en @@ websearch_to_tsquery('english', ${q}))`;
    where.push(s.language ? (s.language === "de" ? de : en) : Prisma.sql`(${de} OR ${en})`);
  }
  const cond = Prisma.join(where, " AND ");
  const byDate = Prisma.sql`published_at DESC NULLS FIRST, press_release_id DESC`;

  const pageQuery =
    q && offset + perPage <= RANK_WINDOW
      ? db.$queryRaw<{ id: number }[]>`
          WITH recent AS (
            SELECT press_release_id, language, search_de, search_en, published_at FROM press_release_search
            WHERE ${cond} ORDER BY ${byDate} LIMIT ${RANK_WINDOW})
          SELECT press_release_id AS id FROM recent
          ORDER BY CASE WHEN language = 'de' THEN ts_rank(search_de, websearch_to_tsquery('german', ${q}))
                        ELSE ts_rank(search_en, websearch_to_tsquery('english', ${q})) END DESC, ${byDate}
          LIMIT ${perPage} OFFSET ${offset}`
      : db.$queryRaw<{ id: number }[]>`
          SELECT press_release_id AS id FROM press_release_search WHERE ${cond} ORDER BY ${byDate} LIMIT ${perPage} OFFSET ${offset}`;
  const [rows, counted] = await Promise.all([
    pageQuery,
    db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM (SELECT 1 FROM press_release_search WHERE ${cond} LIMIT ${SEARCH_TOTAL_CAP}) capped`,
  ]);
  return { ids: rows.map((r) => r.id), total: Number(counted[0]!.n) };
}

/** press-releases:reindex-search: rebuilds every mirror row from the releases, in batches. */
export async function reindexSearch(opts: { batchSize?: number; onProgress?: (done: number) => void } = {}): Promise<number> {
  const batch = opts.batchSize ?? 500;
  let lastId = 0;
  let done = 0;
  await db.$executeRaw`DELETE FROM press_release_search s USING press_releases r WHERE r.id = s.press_release_id AND r.deleted_at IS NOT NULL`;
  for (;;) {
    const ids = await db.pressRelease.findMany({ where: { id: { gt: lastId }, deletedAt: null }, select: { id: true }, orderBy: { id: "asc" }, take: batch });
    if (!ids.length) break;
    const now = new Date();
    for (const { id } of ids) await syncSearchMirror(db, id, now);
    lastId = ids.at(-1)!.id;
    done += ids.length;
    opts.onProgress?.(done);
  }
  return done;
}
