// db:online-alter figures on PostgreSQL: a column added to press_release_search of N releases
// while writers update and insert releases through the application's mirror function. Prints
// rows, copy rate, how long the swap held the table's lock, and the writers' latency during the
// run. A benchmark, not a test. The database is created for the run and dropped after it.
// Usage: npx tsx bench/online-alter.ts [--rows=200000] [--writers=4] [--batch=5000]
import { cpus, loadavg } from "node:os";
import { percentile as pct, runBench, withThrowawayDatabase } from "./support";
import { seedSearchReleases } from "./seed-releases";

const arg = (name: string, d: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? d);
const ROWS = arg("rows", 200_000);
const WRITERS = arg("writers", 4);
const BATCH = arg("batch", 5_000);
const ms = (n: number) => `${n.toFixed(1)} ms`;

runBench(async () => {
  await withThrowawayDatabase("pd_bench_oa", async (url) => {
    process.env.DATABASE_URL = url;
    process.env.JOBS_AUTO_DRAIN = "false";
    const { applyMigrations } = await import("@/lib/core/db/migrations/migrations");
    await applyMigrations(url);
    const { db, disconnectPrisma } = await import("@/lib/core/db/client");
    const { onlineAlter } = await import("@/lib/core/db/online-alter/online-alter");
    const { syncSearchMirror } = await import("@/lib/domains/releases/search-mirror");
    try {
      const company = await db.company.create({ data: { portal: "business", slug: "bench-online-alter", name: "Bench AG" } });
      let t = performance.now();
      await seedSearchReleases(db, company.id, ROWS);
      console.log(
        `seeded ${ROWS} releases with their mirror rows in ${ms(performance.now() - t)} (${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)})`,
      );
      const [{ lo, hi }] = (await db.$queryRaw<{ lo: number; hi: number }[]>`SELECT min(id) AS lo, max(id) AS hi FROM press_releases`) as [
        { lo: number; hi: number },
      ];

      let done = false;
      const latencies: number[] = [];
      let n = 0;
      const writer = async (w: number) => {
        while (!done) {
          const started = performance.now();
          if (w === 0) {
            const r = await db.pressRelease.create({
              data: {
                status: "published",
                portal: "business",
                language: "de",
                slug: `bench-new-${++n}`,
                title: `Neu ${n} Wasserstoff`,
                body: "<p>Windpark</p>",
                companyId: company.id,
                contentHash: "x".repeat(64),
                publishedAt: new Date(),
              },
              select: { id: true },
            });
            await syncSearchMirror(db, r.id);
          } else {
            const id = lo + Math.floor(Math.random() * (hi - lo + 1));
            await db.pressRelease.update({ where: { id }, data: { title: `Geändert ${id} Batterie` } });
            await syncSearchMirror(db, id);
          }
          latencies.push(performance.now() - started);
        }
      };
      const lines: string[] = [];
      t = performance.now();
      const [result] = await Promise.all([
        onlineAlter({
          table: "press_release_search",
          clause: "ADD COLUMN teaser text",
          batchSize: BATCH,
          onLine: (l) => lines.push(l),
        }).finally(() => (done = true)),
        ...Array.from({ length: WRITERS }, (_, w) => writer(w)),
      ]);
      const total = performance.now() - t;
      latencies.sort((a, b) => a - b);
      const [check] = (await db.$queryRaw<
        { mirror: number; releases: number }[]
      >`SELECT (SELECT count(*)::int FROM press_release_search) AS mirror, (SELECT count(*)::int FROM press_releases) AS releases`) as [
        { mirror: number; releases: number },
      ];
      console.log(`outcome: ${result.outcome}; rows copied ${result.rows} (${BATCH} per batch)`);
      console.log(`copy: ${ms(result.copyMs)}, ${Math.round((result.rows / result.copyMs) * 1000)} rows/s`);
      console.log(
        `swap: lock waited ${ms(result.swap?.waitedMs ?? NaN)}, held ${ms(result.swap?.heldMs ?? NaN)} (longest lock on the table), ${result.swap?.attempts} tries`,
      );
      console.log(`whole run: ${ms(total)}; ${latencies.length} writes by ${WRITERS} writers during it`);
      console.log(`writer latency: p50 ${ms(pct(latencies, 50))}, p99 ${ms(pct(latencies, 99))}, max ${ms(latencies.at(-1) ?? NaN)}`);
      console.log(`afterwards: ${check.mirror} mirror rows for ${check.releases} releases`);
    } finally {
      await disconnectPrisma();
    }
  });
});
