import type { Db } from "@/lib/db/client";

/**
 * Seeds `count` published releases by SQL (fast at 100k): 50 newsrooms and 20 categories over
 * both portals and editions, one every 15 minutes going back (three years at 100k), newest first
 * by id. Slugs are `bench-{n}`; `bench-{n}` with n % 4 == 0 is on business/de.
 */
export async function seedPublishedReleases(db: Db, count: number): Promise<void> {
  const companies = await Promise.all(Array.from({ length: 50 }, (_, i) => db.company.create({ data: { portal: i % 2 ? "tech" : "business", slug: `bench-${i}`, name: `Bench ${i} AG` } })));
  const categories = await Promise.all(Array.from({ length: 20 }, (_, i) => db.category.create({ data: { portal: i % 2 ? "tech" : "business", slug: `kategorie-${i}`, nameDe: `Kategorie ${i}`, nameEn: `Category ${i}` } })));
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
