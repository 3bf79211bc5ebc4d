// A crawler's sweep over distinct release pages on the production server (npm start's): every
// request a miss, rendered once and kept, 50 connections, at 100,000 releases. The same sweep
// bench/portal-load.ts ends with, alone, so the miss path can be measured in a few minutes.
// Prints figures, one a line; not a test.
// Usage: npx next build && npx tsx bench/crawler-sweep.ts [--releases=100000] [--sweep=100000] [--warm=2000] [--rate=N]
// (--rate: a second sweep over other releases at N requests a second, as a crawler with a set pace asks.)
// (BENCH_SERVER_NODE_OPTIONS, e.g. --cpu-prof --cpu-prof-dir=/tmp/prof, profiles the server.)
import { cpus } from "node:os";
import { seedPublishedReleases } from "./seed-releases";
import { runBench, withThrowawayDatabase } from "./support";
import * as t from "./portal-load-targets";

const arg = (name: string, d: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? d);
const RELEASES = arg("releases", 100_000);
const SWEEP = Math.min(arg("sweep", RELEASES), RELEASES);
/** Releases swept first, unmeasured, from the far end: the server's code warm before the sweep counts. */
const WARM = arg("warm", 2000);
const RATE = arg("rate", 0);

async function main() {
  console.log(
    `machine: ${cpus().length} cores, node ${process.version}; autocannon ${t.CONNECTIONS} connections; ${RELEASES} releases; PostgreSQL + Redis on 127.0.0.1`,
  );
  await withThrowawayDatabase("pd_bench_sweep", async (url) => {
    const { applyMigrations } = await import("@/lib/core/db/migrations/migrations");
    await applyMigrations(url);
    process.env.DATABASE_URL = url;
    const { db, disconnectPrisma } = await import("@/lib/core/db/client");
    await seedPublishedReleases(db, RELEASES);
    await disconnectPrisma();

    const redisPrefix = `sweep${process.pid}:`;
    const server = t.startServer(url, redisPrefix);
    try {
      const origin = `http://127.0.0.1:${t.PORT}`;
      await t.waitFor(`${origin}/de/pressemitteilung/bench-4`, 120_000);
      if (WARM) await t.crawlerSweep(origin, WARM, server.pid!, RELEASES - WARM);
      const before = t.rssMiB(server.pid!);
      const redisBefore = await t.redisUsedMiB();
      const sweep = await t.crawlerSweep(origin, SWEEP, server.pid!);
      const counted = Object.entries(sweep.states)
        .map(([s, n]) => `${s} ${n}`)
        .join(", ");
      const met = sweep.rps >= 300 && sweep.p99 < 100;
      console.log(
        `crawler sweep: ${SWEEP} distinct releases once each: ${sweep.rps.toFixed(0)} req/s  p50 ${sweep.p50} ms  p99 ${sweep.p99} ms  (${counted})${sweep.bad ? `  (${sweep.bad} non-200/errors)` : ""}  (target >= 300 req/s, p99 < 100 ms: ${t.verdict(met)})`,
      );
      console.log(
        `memory: server resident before ${before.toFixed(0)} MiB; at each tenth ${sweep.marks.map((m) => m.toFixed(0)).join(", ")} MiB; peak (1 s samples) ${sweep.peak.toFixed(0)} MiB; Redis +${((await t.redisUsedMiB()) - redisBefore).toFixed(0)} MiB`,
      );
      if (RATE) {
        // Releases the first sweep did not fetch (its pages are kept for five minutes).
        const count = Math.min(SWEEP, RELEASES - WARM - SWEEP);
        const paced = await t.crawlerSweep(origin, count, server.pid!, SWEEP, RATE);
        console.log(
          `crawler sweep at ${RATE} req/s: ${count} other releases once each: ${paced.rps.toFixed(0)} req/s  p50 ${paced.p50} ms  p99 ${paced.p99} ms${paced.bad ? `  (${paced.bad} non-200/errors)` : ""}  (p99 < 100 ms: ${t.verdict(paced.p99 < 100)})`,
        );
      }
    } finally {
      process.kill(-server.pid!, "SIGTERM");
      await new Promise((r) => setTimeout(r, 1000));
      for (const pattern of [`pd:next:${redisPrefix}*`, `pd:${redisPrefix}*`, `${redisPrefix}rl:*`]) await t.dropRedisKeys(pattern);
    }
  });
}

runBench(main);
