// Server-side build times of the portal's heaviest answers at a large size, without any cache:
// category archive page data, news sitemap, sitemap index and a chunk, edition feed, release
// page data. Seeds N releases by SQL into a throwaway PostgreSQL database. Prints; not a test.
// Usage: npx tsx bench/portal-queries.ts [--releases=100000] [--runs=30]
import { cpus } from "node:os";
import { seedPublishedReleases } from "./seed-releases";
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
    const { applyMigrations } = await import("@/lib/core/db/migrations/migrations");
    await applyMigrations(url);
    const { db, disconnectPrisma } = await import("@/lib/core/db/client");
    const t = performance.now();
    await seedPublishedReleases(db, RELEASES);
    console.log(`seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const { categoryArchive } = await import("@/lib/adapters/public/category-archive");
    const { newsSitemap } = await import("@/lib/adapters/public/seo/news-sitemap");
    const { sitemapIndex, releaseChunk } = await import("@/lib/adapters/public/seo/sitemap");
    const { editionFeed } = await import("@/lib/adapters/public/feeds/feeds");
    const { releasePageData } = await import("@/lib/adapters/public/release-page");
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
