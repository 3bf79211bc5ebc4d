// The readers' search of one portal edition (/de/suche) on PostgreSQL: searchPublicReleases,
// excerpts included, on 100,000 releases seeded by bench/seed-releases.ts (seedSearchReleases,
// with categories laid over them here). A benchmark, not a test: it prints a table.
// Usage: npx tsx bench/portal-search.ts [--releases=100000] [--runs=200] [--database=NAME] [--plans]
// --database keeps a named database between runs (created, migrated and seeded on the first).
// --plans prints each case's statements with their plans (EXPLAIN ANALYZE), as bench/releases.ts.
// Target: p95 < 50 ms for every case (order rank, page 1, 20 per page).
import { cpus, loadavg } from "node:os";
import { percentile as pct, runBench, withThrowawayDatabase } from "./support";
import { seedSearchReleases } from "./seed-releases";
import { createDatabase, databaseUrl, withAdmin } from "@/tests/test-databases";

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const arg = (name: string, d: number) => Number(option(name) ?? d);
const RELEASES = arg("releases", 100_000);
const RUNS = arg("runs", 200);
const WARMUP = 5;
const KEEP = option("database");
const PLANS = process.argv.includes("--plans");
const TARGET_P95 = 50;
const CATEGORIES_PER_PORTAL = 10;

/** A named database that outlives the run (created when missing), or a throwaway one. */
async function withBenchDatabase(fn: (url: string) => Promise<void>): Promise<void> {
  if (!KEEP) return withThrowawayDatabase("pd_bench_portal_search", fn);
  if (!/^[a-z_][a-z0-9_]*$/.test(KEEP)) throw new Error("--database takes a plain lower-case name");
  const exists = await withAdmin(async (c) => (await c.query("SELECT 1 FROM pg_database WHERE datname = $1", [KEEP])).rowCount === 1);
  const url = exists ? databaseUrl(KEEP) : await createDatabase(KEEP);
  return fn(url);
}

type Db = import("@/lib/core/db/client").Db;

/**
 * The search releases (seedSearchReleases: one newsroom, both portals and editions, one a minute
 * going back), then ten categories per portal laid over them: every release of a portal in one
 * of its ten at random (a category holds about 2,500 of the 25,000 business/de ones).
 */
async function seed(db: Db, companyId: number): Promise<void> {
  const t = performance.now();
  await seedSearchReleases(db, companyId, RELEASES, (done) => console.log(`  seeded ${done} of ${RELEASES}`));
  for (const portal of ["business", "tech"] as const) {
    const categories = await Promise.all(
      Array.from({ length: CATEGORIES_PER_PORTAL }, (_, i) =>
        db.category.create({
          data: { portal, slug: `suche-${i}`, nameDe: `Kategorie ${i}`, nameEn: `Category ${i}`, position: i },
          select: { id: true },
        }),
      ),
    );
    const ids = `ARRAY[${categories.map((c) => c.id).join(",")}]`;
    // By a hash of the id: the seed's words follow the id in strides a modulus would meet.
    const pick = (column: string) => `(${ids})[1 + abs(hashint4(${column})::bigint) % ${CATEGORIES_PER_PORTAL}]`;
    await db.$executeRawUnsafe(`UPDATE press_releases SET category_id = ${pick("id")} WHERE slug LIKE 'bulk-%' AND portal = '${portal}'`);
    await db.$executeRawUnsafe(`UPDATE press_release_search SET category_id = ${pick("press_release_id")} WHERE portal = '${portal}'`);
  }
  await db.$executeRawUnsafe("VACUUM (ANALYZE) press_releases");
  await db.$executeRawUnsafe("VACUUM (ANALYZE) press_release_search");
  console.log(`seeded ${RELEASES} releases with categories in ${((performance.now() - t) / 1000) | 0} s`);
}

const ms = (t: number) => `${t.toFixed(1)}`;

async function main() {
  console.log(
    `machine: ${cpus().length} cores (load ${loadavg()[0]!.toFixed(1)}), node ${process.version}; PostgreSQL at 127.0.0.1; releases ${RELEASES}, runs ${RUNS} (+${WARMUP} warm-up) per case`,
  );
  await withBenchDatabase(async (url) => {
    process.env.DATABASE_URL = url;
    process.env.JOBS_AUTO_DRAIN = "false";
    process.env.REDIS_URL ??= "redis://127.0.0.1:6379";
    const { applyMigrations } = await import("@/lib/core/db/migrations/migrations");
    const applied = await applyMigrations(url);
    if (applied.length) console.log(`migrations applied: ${applied.length}`);
    const { db, disconnectPrisma } = await import("@/lib/core/db/client");
    const { searchPublicReleases, PUBLIC_SEARCH_PER_PAGE } = await import("@/lib/domains/releases/public-search");
    const { searchExcerpts } = await import("@/lib/domains/releases/search-excerpts");
    const { searchReleases } = await import("@/lib/domains/releases/search");
    try {
      let company = await db.company.findFirst({ where: { portal: "business", slug: "bench" } });
      company ??= await db.company.create({ data: { portal: "business", slug: "bench", name: "Bench AG" } });
      const seeded = await db.pressRelease.count({ where: { slug: { startsWith: "bulk-" } } });
      if (seeded === 0) await seed(db, company.id);
      else if (seeded !== RELEASES)
        throw new Error(`the database holds ${seeded} seeded releases, not ${RELEASES}: use another --database`);
      const category = await db.category.findFirstOrThrow({ where: { portal: "business", slug: "suche-0" } });
      const total = await db.pressReleaseSearch.count();

      const words: [string, string][] = [
        ["rare word (0.1 %)", "Projekt418"],
        ["common word (every release)", "Wasserstoff"],
        ["two words", "Windpark Batterie"],
        // Both words in every release, side by side in 1 % (titles of business/de releases).
        ["phrase (1 %)", '"Wasserstoff Solar"'],
        // Not a target case: the list the page shows before words are typed.
        ["no words (newest first)", ""],
      ];
      const rows: string[][] = [];
      console.log(
        `\nsearchPublicReleases over ${total} mirror rows: business/de, order rank, page 1, ${PUBLIC_SEARCH_PER_PAGE} per page\n`,
      );
      for (const [label, q] of words) {
        for (const withCategory of [false, true]) {
          const input = {
            portal: "business" as const,
            language: "de" as const,
            q,
            order: "rank" as const,
            page: 1,
            ...(withCategory ? { categoryId: category.id } : {}),
          };
          for (let i = 0; i < WARMUP; i++) await searchPublicReleases(input);
          const samples: number[] = [];
          let found = await searchPublicReleases(input);
          for (let i = 0; i < RUNS; i++) {
            const t = performance.now();
            found = await searchPublicReleases(input);
            samples.push(performance.now() - t);
          }
          // The excerpts' share, measured on their own.
          const ids = found.items.map((it) => it.id);
          const excerptSamples: number[] = [];
          for (let i = 0; i < Math.min(RUNS, 50); i++) {
            const t = performance.now();
            await searchExcerpts(ids, q, "de");
            excerptSamples.push(performance.now() - t);
          }
          const s = samples.sort((a, b) => a - b);
          const e = excerptSamples.sort((a, b) => a - b);
          rows.push([
            label,
            withCategory ? "yes" : "no",
            `${found.total}${found.capped ? "+" : ""}`,
            ms(pct(s, 50)),
            ms(pct(s, 95)),
            ms(pct(s, 99)),
            ms(s.at(-1)!),
            ms(pct(e, 50)),
            pct(s, 95) < TARGET_P95 ? "ok" : "MISSED",
          ]);
          if (PLANS) await printPlans(db, searchReleases, { ...input, categoryIds: withCategory ? [category.id] : undefined });
        }
      }
      const head = ["case", "category", "hits", "p50 ms", "p95 ms", "p99 ms", "max ms", "excerpts p50", `p95 < ${TARGET_P95}`];
      const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
      const line = (cells: string[]) => `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
      console.log(line(head));
      console.log(`|${widths.map((w, i) => (i < 2 ? `${"-".repeat(w + 1)}-` : `-${"-".repeat(w)}:`)).join("|")}|`);
      for (const r of rows) console.log(line(r));
    } finally {
      // Before a throwaway database is dropped: its connections must be gone.
      await disconnectPrisma();
    }
  });
}

/** The search's statements for one case, each with its plan (the estimate steps show their first line). */
async function printPlans(
  db: Db,
  searchReleases: typeof import("@/lib/domains/releases/search").searchReleases,
  input: { q: string; categoryIds: number[] | undefined },
): Promise<void> {
  const statements: { step: string; sql: import("@/lib/generated/prisma/client").Prisma.Sql }[] = [];
  await searchReleases({
    q: input.q,
    portal: "business",
    language: "de",
    publicOnly: true,
    archiveOnly: true,
    ...(input.categoryIds ? { categoryIds: input.categoryIds } : {}),
    order: "rank",
    page: 1,
    perPage: 20,
    onQuery: (step, sql) => statements.push({ step, sql }),
  });
  console.log(`  plans for ${input.q}${input.categoryIds ? " in one category" : ""}:`);
  for (const { step, sql } of statements) {
    const estimate = sql.text.startsWith("EXPLAIN");
    const text = estimate ? sql.text.replace(/^EXPLAIN \(FORMAT JSON\)/, "EXPLAIN") : `EXPLAIN (ANALYZE, COSTS OFF, BUFFERS) ${sql.text}`;
    const plan = (await db.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(text, ...sql.values)).slice(0, estimate ? 1 : undefined);
    const lines = plan.map((l) => l["QUERY PLAN"]).filter((l) => !/^\s*(Buffers|Planning|Index Searches):/.test(l));
    console.log(`    ${step}:\n${lines.map((l) => `      ${l.length > 150 ? `${l.slice(0, 147)}...` : l}`).join("\n")}`);
  }
}

runBench(main);
