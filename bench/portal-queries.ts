// Server-side build times of the portal's heaviest answers at a large size, without any cache:
// category archive page data, news sitemap, sitemap index and a chunk, edition feed, release
// page data. Seeds N releases by SQL into a throwaway PostgreSQL database. Prints; not a test.
// Usage: npx tsx bench/portal-queries.ts [--releases=100000] [--runs=30]
import { cpus } from "node:os";
import { percentile as pct, runBench, withThrowawayDatabase } from "./support";

const arg = (name: string, d: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? d);
const RELEASES = arg("releases", 100_000);
const RUNS = arg("runs", 30);

async function time(label: string, fn: () => Promise<unknown>) {
  await fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  console.log(`${label.padEnd(44)} p50 ${pct(samples, 50).toFixed(1)} ms  p95 ${pct(samples, 95).toFixed(1)} ms  (${RUNS} runs)`);
}

async function main() {
  console.log(`machine: ${cpus().length} cores, node ${process.version}; PostgreSQL 127.0.0.1; ${RELEASES} releases`);
  await withThrowawayDatabase("pd_bench_portal", async (url) => {
    process.env.DATABASE_URL = url;
    const { applyMigrations } = await import("@/lib/db/migrations/migrations");
    await applyMigrations(url);
    const { db, disconnectPrisma } = await import("@/lib/db/client");
    const companies = await Promise.all(Array.from({ length: 50 }, (_, i) => db.company.create({ data: { portal: i % 2 ? "tech" : "business", slug: `bench-${i}`, name: `Bench ${i} AG` } })));
    const categories = await Promise.all(Array.from({ length: 20 }, (_, i) => db.category.create({ data: { portal: i % 2 ? "tech" : "business", slug: `kategorie-${i}`, nameDe: `Kategorie ${i}`, nameEn: `Category ${i}` } })));
    const t = performance.now();
    // Spread over three years, newest first by id; both portals and editions.
    await db.$executeRawUnsafe(`
      INSERT INTO press_releases (status, portal, language, slug, title, body, company_id, category_id, content_hash, published_at, published_ever_at, content_changed_at, updated_at)
      SELECT 'published', CASE WHEN g % 2 = 0 THEN 'business' ELSE 'tech' END::"Portal", CASE WHEN g % 4 < 2 THEN 'de' ELSE 'en' END::"Language",
             'bench-' || g, 'Meldung Nummer ' || g, '<p>Text der Meldung ' || g || '.</p>',
             (ARRAY[${companies.map((c) => c.id).join(",")}])[1 + (g % 25) * 2 + (g % 2)],
             (ARRAY[${categories.map((c) => c.id).join(",")}])[1 + (g % 10) * 2 + (g % 2)],
             md5(g::text) || md5(g::text), now() - (g * 15 || ' minutes')::interval, now() - (g * 15 || ' minutes')::interval, now() - (g * 15 || ' minutes')::interval, now()
      FROM generate_series(1, ${RELEASES}) g`);
    await db.$executeRawUnsafe("ANALYZE");
    console.log(`seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const { categoryArchive } = await import("@/lib/public/category-archive");
    const { newsSitemap } = await import("@/lib/seo/news-sitemap");
    const { sitemapIndex, releaseChunk } = await import("@/lib/seo/sitemap");
    const { editionFeed } = await import("@/lib/feeds/feeds");
    const { releasePageData } = await import("@/lib/public/release-page");
    const year = new Date().getFullYear();
    await time("category archive, latest year, page 1", () => categoryArchive("business", "de", "kategorie-0", null, 1));
    await time("category archive, page 3", () => categoryArchive("business", "de", "kategorie-0", year, 3));
    await time("news sitemap (48 h)", () => newsSitemap("business"));
    await time("sitemap index", () => sitemapIndex("business"));
    await time("sitemap chunk (10,000 ids)", () => releaseChunk("business", 5));
    await time("edition feed (50 newest)", () => editionFeed("business", "de"));
    await time("release page data", () => releasePageData("business", "de", "bench-40000"));
    await disconnectPrisma();
  });
}

runBench(main);
