import type { Db } from "@/lib/core/db/client";

/**
 * Seeds `count` published releases by SQL (fast at 100k): 50 newsrooms and 20 categories over
 * both portals and editions, one every 15 minutes going back (three years at 100k), newest first
 * by id. Slugs are `bench-{n}`; `bench-{n}` with n % 4 == 0 is on business/de.
 */
export async function seedPublishedReleases(db: Db, count: number): Promise<void> {
  const companies = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      db.company.create({ data: { portal: i % 2 ? "tech" : "business", slug: `bench-${i}`, name: `Bench ${i} AG` } }),
    ),
  );
  const categories = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      db.category.create({
        data: { portal: i % 2 ? "tech" : "business", slug: `kategorie-${i}`, nameDe: `Kategorie ${i}`, nameEn: `Category ${i}` },
      }),
    ),
  );
  await db.$executeRawUnsafe(`
    INSERT INTO press_releases (status, portal, language, slug, title, body, company_id, category_id, content_hash, published_at, published_ever_at, content_changed_at, updated_at)
    SELECT 'published', CASE WHEN g % 2 = 0 THEN 'business' ELSE 'tech' END::"Portal", CASE WHEN g % 4 < 2 THEN 'de' ELSE 'en' END::"Language",
           'bench-' || g, 'Meldung Nummer ' || g, '<p>Text der Meldung ' || g || '.</p>',
           (ARRAY[${companies.map((c) => c.id).join(",")}])[1 + (g % 25) * 2 + (g % 2)],
           (ARRAY[${categories.map((c) => c.id).join(",")}])[1 + (g % 10) * 2 + (g % 2)],
           md5(g::text) || md5(g::text), now() - (g * 15 || ' minutes')::interval, now() - (g * 15 || ' minutes')::interval, now() - (g * 15 || ' minutes')::interval, now()
    FROM generate_series(1, ${count}) g`);
  // As a live table would be: visibility map set, so index-only scans stay index-only.
  await db.$executeRawUnsafe("VACUUM (ANALYZE)");
}

/** The vocabulary of the search corpus: every body uses all fifty words, titles two of them. */
export const SEARCH_WORDS =
  "Werk Energie Wasserstoff Software Plattform Forschung Mittelstand Export Investition Standort Fachkräfte Logistik Batterie Windpark Solar Netz Rechenzentrum Sicherheit Cloud Kunden Partner Markt Umsatz Wachstum Quartal Produktion Innovation Digitalisierung Nachhaltigkeit Klinik Medizin Studie Universität Stadtwerke Bahn Hafen Flughafen Handel Versicherung Bank Startup Finanzierung Robotik Sensor Chip Halbleiter Fahrzeug Ladesäule Wärmepumpe Gebäude Recycling".split(
    " ",
  );

/**
 * Seeds `count` public releases of one newsroom with their search mirror rows, by SQL in
 * batches: one a minute going back, a quarter in English, portals alternating. Titles are
 * `Meldung {g} {word} {word} Projekt{g % 1000}` (so `Projekt417` is in 0.1 %), bodies 120 words
 * of SEARCH_WORDS in a fixed stride (every word in every release). Slugs are `bulk-{g}`.
 */
export async function seedSearchReleases(db: Db, companyId: number, count: number, onBatch?: (done: number) => void): Promise<void> {
  const words = `ARRAY['${SEARCH_WORDS.join("','")}']`;
  const batch = 100_000;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await db.$executeRawUnsafe(`
      WITH words AS (SELECT ${words} AS w),
      inserted AS (
        INSERT INTO press_releases (status, portal, language, slug, title, body, company_id, content_hash, published_at, published_ever_at, updated_at)
        SELECT 'published', CASE WHEN g % 2 = 0 THEN 'business' ELSE 'tech' END::"Portal", CASE WHEN g % 4 = 0 THEN 'en' ELSE 'de' END::"Language",
               'bulk-' || g, 'Meldung ' || g || ' ' || w[1 + g % 50] || ' ' || w[1 + (g * 7) % 50] || ' Projekt' || (g % 1000),
               '<p>' || (SELECT string_agg(w[1 + ((g * 31 + i * 17) % 50)], ' ') FROM generate_series(1, 120) i) || '</p>',
               ${companyId}, md5(g::text) || md5(g::text), now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval, now()
        FROM generate_series(${from}, ${to}) g, words
        RETURNING id, portal, language, status, company_id, title, body, published_at)
      INSERT INTO press_release_search (press_release_id, portal, language, status, company_id, title, body_text, company_name, published_at, is_public, synced_at)
      SELECT i.id, i.portal, i.language, i.status, i.company_id, i.title, regexp_replace(i.body, '<[^>]+>', ' ', 'g'), c.name, i.published_at, true, now()
      FROM inserted i JOIN companies c ON c.id = i.company_id`);
    onBatch?.(to);
  }
  // As a live table would be: statistics and visibility map current.
  await db.$executeRawUnsafe("VACUUM (ANALYZE) press_releases");
  await db.$executeRawUnsafe("VACUUM (ANALYZE) press_release_search");
}
