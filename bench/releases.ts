// Release figures on PostgreSQL: API v1 create and list throughput (through the real route
// handlers: token auth, access check, Redis rate limit, zod, database), publish() latency, and
// full-text search latency on 100,000 releases seeded here. A benchmark, not a test: it prints.
// Usage: npx tsx bench/releases.ts [--releases=100000] [--requests=300] [--concurrency=8] [--runs=50]
//                                  [--database=NAME] [--only=search]
// --database keeps a named database between runs: created, migrated and seeded on the first run,
// only migrated on later ones (seeding 1,000,000 releases took nine minutes on 2 cores).
// --only=search skips the API and publish() figures. Each search prints its statements' plans.
import { cpus, loadavg } from "node:os";
import { percentile as pct, pool, runBench, withThrowawayDatabase } from "./support";
import { SEARCH_WORDS, seedSearchReleases } from "./seed-releases";
import { createDatabase, databaseUrl, withAdmin } from "@/tests/test-databases";

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const arg = (name: string, d: number) => Number(option(name) ?? d);
const RELEASES = arg("releases", 100_000);
const REQUESTS = arg("requests", 300);
const CONCURRENCY = arg("concurrency", 8);
const RUNS = arg("runs", 50);
const KEEP = option("database");
const ONLY_SEARCH = option("only") === "search";

/** A named database that outlives the run (created when missing), or a throwaway one. */
async function withBenchDatabase(fn: (url: string) => Promise<void>): Promise<void> {
  if (!KEEP) return withThrowawayDatabase("pd_bench_rel", fn);
  if (!/^[a-z_][a-z0-9_]*$/.test(KEEP)) throw new Error("--database takes a plain lower-case name");
  const exists = await withAdmin(async (c) => (await c.query("SELECT 1 FROM pg_database WHERE datname = $1", [KEEP])).rowCount === 1);
  const url = exists ? databaseUrl(KEEP) : await createDatabase(KEEP);
  return fn(url);
}

const ms = (t: number) => `${t.toFixed(1)} ms`;
function report(label: string, samples: number[], wallMs?: number) {
  const s = [...samples].sort((a, b) => a - b);
  const rate = wallMs ? `  ${((samples.length / wallMs) * 1000).toFixed(0)} req/s` : "";
  console.log(`${label.padEnd(46)} p50 ${ms(pct(s, 50))}  p95 ${ms(pct(s, 95))}  max ${ms(s.at(-1)!)}  (${samples.length} runs)${rate}`);
}

type Lib = {
  db: import("@/lib/core/db/client").Db;
  searchReleases: typeof import("@/lib/domains/releases/search").searchReleases;
};

/** API v1 create and list through the route handlers, then publish() on releases in review. */
async function apiFigures(db: Lib["db"], userId: number, companyId: number) {
  const { createApiToken } = await import("@/lib/domains/api-tokens/tokens");
  const { publishRelease } = await import("@/lib/domains/releases/publish-release");
  const { KI } = await import("@/lib/domains/releases/history");
  const releasesRoute = await import("@/app/api/v1/releases/route");
  const { token } = await createApiToken({ userId, name: "bench", identityConfirmedAt: new Date() });
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const body = `<p>${Array.from({ length: 80 }, (_, i) => SEARCH_WORDS[i % SEARCH_WORDS.length]).join(" ")}.</p>`;

  // API v1: create (submit: true, so the review job is enqueued too) and list.
  const create = (i: number) =>
    releasesRoute
      .POST(
        new Request("http://hub.localhost/api/v1/releases", {
          method: "POST",
          headers,
          body: JSON.stringify({
            newsroom_id: companyId,
            portal: "business",
            language: "de",
            title: `Bench-Meldung Nummer ${i} über das neue Werk`,
            body,
            location: "Berlin",
            contact: { name: "Presse" },
          }),
        }),
      )
      .then((r) => {
        if (r.status !== 201) throw new Error(`create answered ${r.status}`);
      });
  let run = await pool(Math.min(50, REQUESTS), 1, (i) => create(1_000_000 + i));
  report("API create, 1 client", run.samples, run.wall);
  run = await pool(REQUESTS, CONCURRENCY, create);
  report(`API create, ${CONCURRENCY} clients`, run.samples, run.wall);
  const list = () =>
    releasesRoute.GET(new Request("http://hub.localhost/api/v1/releases?per_page=20&status=in_review", { headers })).then((r) => {
      if (r.status !== 200) throw new Error(`list answered ${r.status}`);
    });
  run = await pool(REQUESTS, CONCURRENCY, list);
  report(`API list (20 per page), ${CONCURRENCY} clients`, run.samples, run.wall);

  // publish(): releases in review with a green check of their current text.
  const toPublish = await db.pressRelease.findMany({
    where: { status: "in_review" },
    select: { id: true, contentHash: true, reviewFingerprint: true },
    take: 200,
  });
  await db.pressReleaseClassification.createMany({
    data: toPublish.map((r) => ({
      pressReleaseId: r.id,
      result: "green" as const,
      reasons: [],
      contentHash: r.contentHash,
      reviewFingerprint: r.reviewFingerprint,
      classifier: "bench",
      attempt: 0,
    })),
  });
  run = await pool(toPublish.length, 1, (i) => publishRelease({ releaseId: toPublish[i]!.id, actor: KI }).then(() => undefined));
  report("publish() latency, sequential", run.samples);
}

/** Search on a large mirror (seeded once per database): each query newest first and ranked, with its plan. */
async function searchFigures({ db, searchReleases }: Lib, companyId: number) {
  const seeded = await db.pressRelease.count({ where: { slug: { startsWith: "bulk-" } } });
  if (seeded === 0) {
    const t = performance.now();
    await seedSearchReleases(db, companyId, RELEASES, (done) => console.log(`  seeded ${done} of ${RELEASES}`));
    console.log(
      `seeded ${RELEASES} releases with their mirror rows (German and English tsvectors) in ${((performance.now() - t) / 1000) | 0} s`,
    );
  } else if (seeded !== RELEASES) throw new Error(`the database holds ${seeded} seeded releases, not ${RELEASES}: use another --database`);
  const total = await db.pressReleaseSearch.count();
  type Search = Parameters<typeof searchReleases>[0];
  const cases: [string, Search][] = [
    ["rare term (0.1 % of rows), public", { q: "Projekt417", publicOnly: true }],
    ["rare term, en, page 2", { q: "Projekt416", language: "en", page: 2 }],
    ["common word (most rows), public, de", { q: "Wasserstoff", publicOnly: true, language: "de" }],
    ["common word, page 2", { q: "Wasserstoff", page: 2 }],
    ["two words, business portal", { q: "Windpark Batterie", portal: "business" }],
    ["phrase (2 % of rows), tech", { q: '"Energie Export"', portal: "tech" }],
    ["phrase (every row)", { q: '"Werk Sicherheit"' }],
    ["phrase with exclusion (no row)", { q: '"Werk Energie" -Klinik' }],
    ["newest public, no words (dashboard list)", { publicOnly: true, portal: "tech", language: "de" }],
  ];
  console.log(`\nsearch over ${total} mirror rows, 20 per page, ${RUNS} runs each`);
  for (const [label, search] of cases) {
    for (const order of search.q ? (["newest", "rank"] as const) : (["newest"] as const)) {
      const s = { ...search, perPage: 20, order };
      const statements: { step: string; sql: import("@/lib/generated/prisma/client").Prisma.Sql }[] = [];
      const samples: number[] = [];
      let hits = "";
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        const found = await searchReleases(i === 0 ? { ...s, onQuery: (step, sql) => statements.push({ step, sql }) } : s);
        samples.push(performance.now() - t);
        hits = `${found.total}${found.capped ? "+" : ""}`;
      }
      report(`${label}, ${order}: ${hits}`, samples);
      for (const { step, sql } of statements) {
        // The estimate is an EXPLAIN itself: its first line shows the rows the planner expects.
        const estimate = sql.text.startsWith("EXPLAIN");
        const text = estimate
          ? sql.text.replace(/^EXPLAIN \(FORMAT JSON\)/, "EXPLAIN")
          : `EXPLAIN (ANALYZE, COSTS OFF, BUFFERS) ${sql.text}`;
        const plan = (await db.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(text, ...sql.values)).slice(0, estimate ? 1 : undefined);
        const lines = plan.map((l) => l["QUERY PLAN"]).filter((l) => !/^\s*(Buffers|Planning|Index Searches):/.test(l));
        console.log(`    ${step}:\n${lines.map((l) => `      ${l.length > 150 ? `${l.slice(0, 147)}...` : l}`).join("\n")}`);
      }
    }
  }
}

async function main() {
  console.log(
    `machine: ${cpus().length} cores (load ${loadavg()[0]!.toFixed(1)}), node ${process.version}; PostgreSQL at 127.0.0.1; releases ${RELEASES}, requests ${REQUESTS}, concurrency ${CONCURRENCY}`,
  );
  await withBenchDatabase(async (url) => {
    process.env.DATABASE_URL = url;
    process.env.JOBS_AUTO_DRAIN = "false";
    process.env.API_RATE_LIMIT_PER_MINUTE = "1000000";
    process.env.REDIS_URL ??= "redis://127.0.0.1:6379";
    const { applyMigrations } = await import("@/lib/core/db/migrations/migrations");
    const applied = await applyMigrations(url);
    if (applied.length) console.log(`migrations applied: ${applied.join(", ")}`);
    const { db, disconnectPrisma } = await import("@/lib/core/db/client");
    const { searchReleases } = await import("@/lib/domains/releases/search");
    try {
      // A confirmed address: tokens of unconfirmed accounts count for nothing.
      const user = await db.user.upsert({
        where: { email: "bench@example.test" },
        create: { email: "bench@example.test", name: "Bench", emailVerifiedAt: new Date() },
        update: {},
      });
      let company = await db.company.findFirst({ where: { portal: "business", slug: "bench" } });
      if (!company) {
        company = await db.company.create({ data: { portal: "business", slug: "bench", name: "Bench AG" } });
        await db.companyUser.create({ data: { companyId: company.id, userId: user.id, role: "owner", grantedVia: "manual" } });
        await db.userPaymentOption.create({
          data: { userId: user.id, provider: "stripe", plan: "bench", monthlyReleaseQuota: 1_000_000, apiAccess: true },
        });
      }
      if (!ONLY_SEARCH) await apiFigures(db, user.id, company.id);
      await searchFigures({ db, searchReleases }, company.id);
    } finally {
      // Before a throwaway database is dropped: its connections must be gone.
      await disconnectPrisma();
    }
  });
}

runBench(main);
