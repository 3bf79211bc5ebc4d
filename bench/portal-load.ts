// Cached portal answers under load at 100,000 releases, beside static files of the same size on
// the same machine, in one run:
//   origin: the production server (scripts/next-server.mjs, Redis-shared cache handler) vs a static asset served by the same server;
//   edge:   nginx with deploy/nginx.conf's proxy cache vs nginx serving the same bytes as a file;
// plus the uncached archive page and news sitemap build times, and the server's resident memory
// after 20k and 100k served requests. Prints figures; not a test.
// Usage: npx next build && npx tsx bench/portal-load.ts [--releases=100000] [--seconds=10] [--runs=3]
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { Redis } from "ioredis";
import { getAs } from "@/e2e/host-request";
import { seedPublishedReleases } from "./seed-releases";
import { percentile, runBench, withThrowawayDatabase } from "./support";

const arg = (name: string, d: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? d);
const RELEASES = arg("releases", 100_000);
const SECONDS = arg("seconds", 10);
const RUNS = arg("runs", 3);
const CONNECTIONS = 50;
const PORT = Number(process.env.BENCH_PORT ?? 3600);
const NGINX_PORT = PORT + 1;
const HOST = "business.localhost";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function load(url: string, opts: { host?: string; seconds?: number; amount?: number } = {}) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    ...(opts.amount ? { amount: opts.amount } : { duration: opts.seconds ?? SECONDS }),
    headers: { host: opts.host ?? `${HOST}:${PORT}`, "user-agent": "Mozilla/5.0 (bench) Chrome/131.0" },
  });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

/** GET of a full URL with the business site's Host header, as a browser would send it. */
function getVia(url: string) {
  const u = new URL(url);
  return getAs(`${HOST}:${PORT}`, `${u.pathname}${u.search}`, { port: Number(u.port), headers: { "user-agent": "Mozilla/5.0 (bench) Chrome/131.0" } });
}

async function waitFor(url: string, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await getVia(url).then((r) => r.status < 500, () => false)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`not up: ${url}`);
}

/** Resident memory of a process and its children, in MiB. */
function rssMiB(pid: number): number {
  const kids = spawnSync("pgrep", ["-P", String(pid)], { encoding: "utf8" }).stdout.split("\n").filter(Boolean).map(Number);
  const own = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  return own + kids.reduce((sum, k) => sum + rssMiB(k), 0);
}

async function dropBenchKeys(pattern: string) {
  const redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
  for await (const keys of redis.scanStream({ match: pattern, count: 500 })) if ((keys as string[]).length) await redis.del(...(keys as string[]));
  redis.disconnect();
}

function startNginx(prefix: string, staticRoot: string): ChildProcess {
  for (const d of ["cache", "client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(join(prefix, d), { recursive: true });
  const conf = readFileSync("deploy/nginx.conf", "utf8")
    .replaceAll("{{PREFIX}}", prefix)
    .replace("{{WORKERS}}", "1")
    .replace("{{UPSTREAM}}", `127.0.0.1:${PORT}`)
    .replace("{{LISTEN}}", `127.0.0.1:${NGINX_PORT}`)
    .replace("{{STATIC_LOCATION}}", `location /static/ { root ${staticRoot}; }`);
  writeFileSync(join(prefix, "nginx.conf"), conf);
  return spawn("nginx", ["-c", join(prefix, "nginx.conf"), "-p", prefix, "-g", "daemon off; user root;"], { stdio: "inherit" });
}

async function main() {
  console.log(`machine: ${cpus().length} cores, node ${process.version}; autocannon ${CONNECTIONS} connections × ${SECONDS} s, median of ${RUNS} runs; ${RELEASES} releases; PostgreSQL + Redis on 127.0.0.1`);
  await withThrowawayDatabase("pd_bench_load", async (url) => {
    process.env.DATABASE_URL = url;
    const { applyMigrations } = await import("@/lib/db/migrations/migrations");
    await applyMigrations(url);
    const { db, disconnectPrisma } = await import("@/lib/db/client");
    await seedPublishedReleases(db, RELEASES);

    // Uncached server time of the two answers with a 50 ms target.
    const { categoryArchive } = await import("@/lib/public/category-archive");
    const { newsSitemap } = await import("@/lib/seo/news-sitemap");
    for (const [label, fn] of [
      ["uncached category archive page 1", () => categoryArchive("business", "de", "kategorie-0", null, 1)],
      ["uncached news sitemap", () => newsSitemap("business")],
    ] as const) {
      await fn();
      const samples: number[] = [];
      for (let i = 0; i < 30; i++) {
        const t = performance.now();
        await fn();
        samples.push(performance.now() - t);
      }
      samples.sort((a, b) => a - b);
      console.log(`${label.padEnd(36)} p50 ${percentile(samples, 50).toFixed(1)} ms  p95 ${percentile(samples, 95).toFixed(1)} ms`);
    }
    await disconnectPrisma();

    const work = mkdtempSync(join(tmpdir(), "pd-load-"));
    const redisPrefix = `bench${process.pid}:`;
    // The production server (npm start's): Next's handler behind the address-stamping server.
    const server = spawn(process.execPath, ["scripts/next-server.mjs", "start"], {
      env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), DATABASE_URL: url, REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379", SITE_HUB_HOST: `hub.localhost:${PORT}`, SITE_BUSINESS_HOST: `${HOST}:${PORT}`, SITE_TECH_HOST: `tech.localhost:${PORT}`, CACHE_KEY_PREFIX: redisPrefix, APP_KEY: randomBytes(32).toString("base64"), HEALTH_TOKEN: randomBytes(16).toString("hex"), RESEND_API_KEY: "re_bench_unused", RESEND_BASE_URL: "http://127.0.0.1:9" },
      stdio: ["ignore", "ignore", "inherit"],
      detached: true,
    });
    let nginx: ChildProcess | undefined;
    try {
      const origin = `http://127.0.0.1:${PORT}`;
      // bench-n with n % 4 == 0 is a business/de release.
      const release = `/de/pressemitteilung/bench-${4 * Math.floor(RELEASES / 10)}`;
      await waitFor(`${origin}${release}`, 120_000);
      const page = await getVia(`${origin}${release}`);
      if (page.status !== 200) throw new Error(`release page answered ${page.status}`);
      const html = page.body;

      // A Next static asset near the page's size: what the same server does without any app code.
      const chunks = join(".next/static/chunks");
      const asset = readdirSync(chunks).filter((f) => f.endsWith(".js")).map((f) => ({ f, size: statSync(join(chunks, f)).size })).sort((a, b) => Math.abs(a.size - html.length) - Math.abs(b.size - html.length))[0]!;
      const staticRoot = join(work, "www");
      mkdirSync(join(staticRoot, "static"), { recursive: true });
      writeFileSync(join(staticRoot, "static", "page.html"), html);
      nginx = startNginx(join(work, "nginx"), staticRoot);
      const edge = `http://127.0.0.1:${NGINX_PORT}`;
      await waitFor(`${edge}/static/page.html`, 10_000);

      const targets = [
        ["origin: static asset (same server)", `${origin}/_next/static/chunks/${asset.f}`, `${asset.size} B`],
        ["origin: release page, cached", `${origin}${release}`, `${html.length} B`],
        ["origin: edition feed, cached", `${origin}/de/feed`, ""],
        ["origin: news sitemap, cached", `${origin}/sitemap-news.xml`, ""],
        ["edge: nginx static file", `${edge}/static/page.html`, `${html.length} B`],
        ["edge: release page via nginx cache", `${edge}${release}`, ""],
        ["edge: news sitemap via nginx cache", `${edge}/sitemap-news.xml`, ""],
      ] as const;
      const figures = new Map<string, { rps: number; p99: number }>();
      for (const [label, target, size] of targets) {
        const check = await getVia(target);
        await load(target, { seconds: 2 });
        const runs = [];
        for (let i = 0; i < RUNS; i++) runs.push(await load(target));
        const rps = median(runs.map((r) => r.rps));
        const p99 = median(runs.map((r) => r.p99));
        const bad = runs.reduce((n, r) => n + r.non2xx + r.errors, 0);
        figures.set(label, { rps, p99 });
        // The edge's cache state once loaded (the check before the warm-up is its first MISS).
        const edgeCache = (await getVia(target)).headers["x-cache"];
        console.log(`${label.padEnd(38)} ${rps.toFixed(0).padStart(6)} req/s  p99 ${String(p99).padStart(4)} ms  ${size.padEnd(8)} status ${check.status}${edgeCache ? ` x-cache ${String(edgeCache)}` : ""}${bad ? `  (${bad} non-2xx/errors)` : ""}`);
      }
      const ratio = (a: string, b: string) => ((figures.get(a)!.rps / figures.get(b)!.rps) * 100).toFixed(0);
      console.log(`origin ratio, release page / static asset: ${ratio("origin: release page, cached", "origin: static asset (same server)")} %`);
      console.log(`origin ratio, edition feed / static asset: ${ratio("origin: edition feed, cached", "origin: static asset (same server)")} %`);
      console.log(`origin ratio, news sitemap / static asset: ${ratio("origin: news sitemap, cached", "origin: static asset (same server)")} %`);
      console.log(`edge ratio, release page / nginx static file: ${ratio("edge: release page via nginx cache", "edge: nginx static file")} % (target >= 25 %)`);
      console.log(`edge ratio, news sitemap / nginx static file: ${ratio("edge: news sitemap via nginx cache", "edge: nginx static file")} %`);

      // Memory: many distinct release pages and feeds through the origin's cache, 20k then 100k requests.
      const paths = Array.from({ length: 400 }, (_, i) => `/de/pressemitteilung/bench-${4 * (i + 1)}`).concat(["/de/feed", "/sitemap-news.xml", "/de/category/kategorie-0"]);
      const spread = (amount: number) =>
        autocannon({ url: origin, connections: CONNECTIONS, amount, headers: { host: `${HOST}:${PORT}` }, requests: [{ setupRequest: (req) => ({ ...req, path: paths[Math.floor(Math.random() * paths.length)]! }) }] });
      await spread(20_000);
      const at20k = rssMiB(server.pid!);
      await spread(80_000);
      const at100k = rssMiB(server.pid!);
      console.log(`server resident memory after 20k requests ${at20k.toFixed(0)} MiB, after 100k ${at100k.toFixed(0)} MiB (${(((at100k - at20k) / at20k) * 100).toFixed(1)} %, target within 10 %)`);
    } finally {
      nginx?.kill("SIGTERM");
      process.kill(-server.pid!, "SIGTERM");
      // Every Redis key of the bench's installation (CACHE_KEY_PREFIX): Next's cache, the shared store, rate limits.
      for (const pattern of [`pd:next:${redisPrefix}*`, `pd:${redisPrefix}*`, `${redisPrefix}rl:*`]) await dropBenchKeys(pattern);
      rmSync(work, { recursive: true, force: true });
    }
  });
}

runBench(main);
