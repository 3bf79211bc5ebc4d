// Foundation figures: embedded cold start (PGlite up, migrations, demo seed) and the portal
// home query on the embedded database and on PostgreSQL. A benchmark, not a test: it prints.
// Usage: npx tsx bench/foundation.ts [--runs=200]
import { mkdtemp, rm } from "node:fs/promises";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { resetConfigForTests } from "@/lib/core/config";
import { disconnectPrisma } from "@/lib/core/db/client";
import { startEmbeddedDatabase } from "@/lib/core/db/embedded-server";
import { applyMigrations } from "@/lib/core/db/migrations/migrations";
import { listPublishedReleases } from "@/lib/domains/releases/list-published";
import { seedDemoContent } from "@/prisma/seed-demo";
import { percentile, runBench, withThrowawayDatabase } from "./support";

const runs = Number(process.argv.find((a) => a.startsWith("--runs="))?.split("=")[1] ?? 200);

const ms = (t: number) => `${t.toFixed(1)} ms`;

async function timeQuery(label: string) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await listPublishedReleases({ portal: "business", language: "de", limit: 20 });
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(34)} p50 ${ms(percentile(samples, 50))}  p95 ${ms(percentile(samples, 95))}  max ${ms(samples.at(-1)!)}  (${runs} runs)`,
  );
}

async function main() {
  console.log(`machine: ${cpus().length} cores, node ${process.version}`);
  const dir = await mkdtemp(join(tmpdir(), "pd-bench-"));
  const port = 56000 + (process.pid % 1000);

  let t = performance.now();
  const embedded = await startEmbeddedDatabase({ dataDir: dir, port });
  const started = performance.now() - t;
  t = performance.now();
  await applyMigrations(embedded.url);
  const migrated = performance.now() - t;
  delete process.env.DATABASE_URL;
  process.env.EMBEDDED_DB_PORT = String(port);
  resetConfigForTests();
  t = performance.now();
  await seedDemoContent();
  const seeded = performance.now() - t;
  console.log(`embedded cold start: PGlite ${ms(started)}, migrations ${ms(migrated)}, demo seed ${ms(seeded)}`);
  await timeQuery("portal home query, embedded PGlite");
  await disconnectPrisma();
  await embedded.stop();
  await rm(dir, { recursive: true, force: true });

  await withThrowawayDatabase("pd_bench", async (url) => {
    t = performance.now();
    await applyMigrations(url);
    console.log(`migrations on PostgreSQL: ${ms(performance.now() - t)}`);
    process.env.DATABASE_URL = url;
    resetConfigForTests();
    await seedDemoContent({ allowOnConfiguredDatabase: true });
    await timeQuery("portal home query, PostgreSQL");
    await disconnectPrisma();
  });
}

runBench(main);
