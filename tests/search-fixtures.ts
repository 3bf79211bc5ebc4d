import { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/core/db/client";
import type { ReleaseSearch } from "@/lib/domains/releases/search";

// A search corpus with every shape the search must order the same way as before: both
// languages and portals, drafts without a date (first when newest first), pairs of releases
// with the same date (the id breaks the tie), embargoed and non-public releases, three
// newsrooms and a category. Words by frequency: Wasserstoff in 95 % (more than the counted
// 1,000), Windpark in 50 %, Batterie in 33 %, Quasarix in 1 %; "Energie Export" side by side in
// 9 %, both words apart in 20 %.

export const CORPUS_SIZE = 1_300;

export interface Corpus {
  companyIds: number[];
  categoryId: number;
  now: Date;
}

export async function seedSearchCorpus(db: Db): Promise<Corpus> {
  const companies = await Promise.all(
    [0, 1, 2].map((i) => db.company.create({ data: { portal: "business", slug: `search-corpus-${i}`, name: `Korpus ${i} AG` } })),
  );
  const category = await db.category.create({ data: { portal: "business", slug: "search-corpus", nameDe: "Korpus", nameEn: "Corpus" } });
  const now = new Date(Date.UTC(2026, 5, 1, 12));
  const ids = companies.map((c) => c.id);
  await db.$executeRaw`
    WITH inserted AS (
      INSERT INTO press_releases (status, portal, language, slug, title, body, company_id, category_id, content_hash, published_at, published_ever_at, updated_at)
      SELECT CASE WHEN g % 10 = 0 THEN 'draft' ELSE 'published' END::"ReleaseStatus",
             CASE WHEN g % 2 = 0 THEN 'business' ELSE 'tech' END::"Portal",
             CASE WHEN g % 3 = 0 THEN 'en' ELSE 'de' END::"Language",
             'corpus-' || g,
             'Meldung ' || g || CASE WHEN g % 97 = 0 THEN ' Quasarix' ELSE '' END,
             '<p>' || concat_ws(' ',
               CASE WHEN g % 20 <> 0 THEN 'Wasserstoff' END,
               CASE WHEN g % 2 = 0 THEN 'Windpark' END,
               CASE WHEN g % 3 = 0 THEN 'Batterie' END,
               CASE WHEN g % 11 = 0 THEN 'Energie Export' END,
               CASE WHEN g % 5 = 0 THEN 'Export für die Energie' END,
               'Text') || '</p>',
             (${ids}::int[])[1 + g % 3], CASE WHEN g % 5 = 0 THEN ${category.id}::int END,
             md5(g::text) || md5(g::text),
             CASE WHEN g % 10 = 0 THEN NULL
                  WHEN g % 50 = 1 THEN ${now}::timestamptz + interval '1 day'
                  ELSE ${now}::timestamptz - (g / 2) * interval '1 hour' END,
             ${now}::timestamptz - interval '3 years', ${now}::timestamptz
      FROM generate_series(1, ${CORPUS_SIZE}) g
      RETURNING id, portal, language, status, company_id, category_id, title, body, published_at)
    INSERT INTO press_release_search (press_release_id, portal, language, status, company_id, category_id, title, body_text, company_name, published_at, is_public, synced_at)
    SELECT i.id, i.portal, i.language, i.status, i.company_id, i.category_id, i.title, regexp_replace(i.body, '<[^>]+>', ' ', 'g'), 'Korpus AG', i.published_at,
           i.status = 'published' AND i.id % 7 <> 0, ${now}::timestamptz
    FROM inserted i`;
  await db.$executeRawUnsafe("ANALYZE press_release_search");
  return { companyIds: ids, categoryId: category.id, now };
}

const BY_DATE = Prisma.sql`published_at DESC NULLS FIRST, press_release_id DESC`;

/** The conditions exactly as the search wrote them before it learned to walk (issue 17). */
function referenceCondition(s: ReleaseSearch): Prisma.Sql {
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
  return Prisma.join(where, " AND ");
}

/** Every match, newest first: what the earlier search paged through by date. */
export async function referenceNewest(db: Db, s: ReleaseSearch): Promise<number[]> {
  const rows = await db.$queryRaw<
    { id: number }[]
  >`SELECT press_release_id AS id FROM press_release_search WHERE ${referenceCondition(s)} ORDER BY ${BY_DATE}`;
  return rows.map((r) => r.id);
}

/** The earlier ranked page: the best of the 1,000 newest matches (the query of issue 17's "today"). */
export async function referenceRanked(db: Db, s: ReleaseSearch & { q: string }, page: number, perPage: number): Promise<number[]> {
  const q = s.q.trim();
  const rows = await db.$queryRaw<{ id: number }[]>`
    WITH recent AS (
      SELECT press_release_id, language, search_de, search_en, published_at FROM press_release_search
      WHERE ${referenceCondition(s)} ORDER BY ${BY_DATE} LIMIT 1000)
    SELECT press_release_id AS id FROM recent
    ORDER BY CASE WHEN language = 'de' THEN ts_rank(search_de, websearch_to_tsquery('german', ${q}))
                  ELSE ts_rank(search_en, websearch_to_tsquery('english', ${q})) END DESC, ${BY_DATE}
    LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`;
  return rows.map((r) => r.id);
}
