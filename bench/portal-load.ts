// Cached portal answers under load at 100,000 releases, beside static answers of the same size on
// the same machine, in one run (helpers in bench/portal-load-targets.ts):
//   origin: the production server (scripts/next-server.mjs, Redis-shared cache handler) vs a static
//           asset and a prerendered page of the release page's size, both served by the same build;
//   middleware: an answer the middleware makes alone (the portal root's redirect) vs the static asset;
//   edge:   nginx with deploy/nginx.conf's proxy cache vs nginx serving the same bytes as a file;
//   next start: the platform's own server, no server of ours in front: a release page its route kept vs a static asset;
// plus the uncached archive page and news sitemap build times, the server's resident memory after
// 20k and 100k requests over cached answers, and a crawler's sweep over distinct releases (each a
// miss, rendered once) with the memory after it. Prints figures, one a line; not a test.
// Usage: BENCH_BUILD=1 npx next build && npx tsx bench/portal-load.ts [--releases=100000] [--seconds=10] [--runs=3] [--sweep=100000]
// (BENCH_BUILD=1 adds the prerendered probe page, app/hub/static-probe/page.bench.tsx; without it the bench refuses to run.)
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { seedPublishedReleases } from "./seed-releases";
import { percentile, runBench, withThrowawayDatabase } from "./support";
import * as t from "./portal-load-targets";

const arg = (name: string, d: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? d);
const RELEASES = arg("releases", 100_000);
const SECONDS = arg("seconds", 10);
const RUNS = arg("runs", 3);
/** Releases the crawler's sweep fetches (each a render): all of them by default, at most 100k. */
const SWEEP = Math.min(arg("sweep", 100_000), RELEASES);

async function main() {
  const missing = t.missingPrerequisite();
  if (missing) throw new Error(`refusing to run: ${missing}`);
  console.log(
    `machine: ${cpus().length} cores, node ${process.version}; autocannon ${t.CONNECTIONS} connections × ${SECONDS} s, median of ${RUNS} runs; ${RELEASES} releases; PostgreSQL + Redis on 127.0.0.1`,
  );
  await withThrowawayDatabase("pd_bench_load", async (url) => {
    process.env.DATABASE_URL = url;
    const { applyMigrations } = await import("@/lib/core/db/migrations/migrations");
    await applyMigrations(url);
    const { db, disconnectPrisma } = await import("@/lib/core/db/client");
    await seedPublishedReleases(db, RELEASES);

    // Uncached server time of the two answers with a 50 ms target.
    const { categoryArchive } = await import("@/lib/adapters/public/category-archive");
    const { newsSitemap } = await import("@/lib/adapters/public/seo/news-sitemap");
    for (const [label, fn] of [
      ["uncached category archive page 1", () => categoryArchive("business", "de", "kategorie-0", null, 1)],
      ["uncached news sitemap", () => newsSitemap("business")],
    ] as const) {
      await fn();
      const samples: number[] = [];
      for (let i = 0; i < 30; i++) {
        const started = performance.now();
        await fn();
        samples.push(performance.now() - started);
      }
      samples.sort((a, b) => a - b);
      console.log(`${label.padEnd(36)} p50 ${percentile(samples, 50).toFixed(1)} ms  p95 ${percentile(samples, 95).toFixed(1)} ms`);
    }
    await disconnectPrisma();

    const work = mkdtempSync(join(tmpdir(), "pd-load-"));
    const redisPrefix = `bench${process.pid}:`;
    const server = t.startServer(url, redisPrefix);
    let nginx: ReturnType<typeof t.startNginx> | undefined;
    try {
      const origin = `http://127.0.0.1:${t.PORT}`;
      // bench-n with n % 4 == 0 is a business/de release.
      const release = `/de/pressemitteilung/bench-${4 * Math.floor(RELEASES / 10)}`;
      await t.waitFor(`${origin}${release}`, 120_000);
      const page = await t.getVia(`${origin}${release}`);
      if (page.status !== 200) throw new Error(`release page answered ${page.status}`);
      const html = page.body;
      const size = Buffer.byteLength(html);
      const probe = await t.getVia(`${origin}${t.PROBE_PATH}`, t.HUB);
      if (probe.status === 404) throw new Error(`refusing to run: ${t.PROBE_MISSING}`);
      if (probe.status !== 200) throw new Error(`static probe page answered ${probe.status}`);
      const probeSize = Buffer.byteLength(probe.body);
      if (Math.abs(probeSize - size) > size * 0.15)
        console.log(`note: the prerendered page is ${probeSize} B, the release page ${size} B: rebuild with BENCH_PROBE_BYTES=${size}`);

      // A Next static asset near the page's size: what the same server does without any app code.
      const chunks = join(".next/static/chunks");
      const asset = readdirSync(chunks)
        .filter((f) => f.endsWith(".js"))
        .map((f) => ({ f, size: statSync(join(chunks, f)).size }))
        .sort((a, b) => Math.abs(a.size - size) - Math.abs(b.size - size))[0]!;
      const staticRoot = join(work, "www");
      mkdirSync(join(staticRoot, "static"), { recursive: true });
      writeFileSync(join(staticRoot, "static", "page.html"), html);
      // The file goes out with the page's own headers (CSP, Link, cache-control, …): the same bytes as the cached answer.
      nginx = t.startNginx(join(work, "nginx"), staticRoot, String(page.headers["content-type"]), t.sameHeaders(page.headers));
      const edge = `http://127.0.0.1:${t.NGINX_PORT}`;
      await t.waitFor(`${edge}/static/page.html`, 10_000);

      const targets = {
        asset: ["origin: static asset (same server)", `${origin}/_next/static/chunks/${asset.f}`, t.BUSINESS, 200, `${asset.size} B`],
        probe: ["origin: prerendered static page", `${origin}${t.PROBE_PATH}`, t.HUB, 200, `${probeSize} B`],
        release: ["origin: release page, stored", `${origin}${release}`, t.BUSINESS, 200, `${size} B`],
        feed: ["origin: edition feed /de/feed, stored", `${origin}/de/feed`, t.BUSINESS, 200, ""],
        sitemap: ["origin: news sitemap, stored", `${origin}/sitemap-news.xml`, t.BUSINESS, 200, ""],
        middleware: ["origin: middleware alone (/ → 307)", `${origin}/`, t.BUSINESS, 307, ""],
        edgeFile: ["edge: nginx static file", `${edge}/static/page.html`, t.BUSINESS, 200, `${size} B`],
        edgeRelease: ["edge: release page via nginx cache", `${edge}${release}`, t.BUSINESS, 200, ""],
        edgeSitemap: ["edge: news sitemap via nginx cache", `${edge}/sitemap-news.xml`, t.BUSINESS, 200, ""],
      } as const;
      const fig = {} as Record<keyof typeof targets, t.Load & { state: string }>;
      for (const [key, [label, target, host, expect, bytes]] of Object.entries(targets) as [
        keyof typeof targets,
        (typeof targets)[keyof typeof targets],
      ][]) {
        const first = await t.getVia(target, host);
        const measured = await t.measure(target, { host, seconds: SECONDS, runs: RUNS, expect });
        // How the answer is served once loaded: the store's state at the origin (Next's cache for the prerendered page), the proxy cache's at the edge.
        const after = (await t.getVia(target, host)).headers;
        const state = after["x-cache"]
          ? `x-cache ${String(after["x-cache"])}`
          : after["x-pd-store"]
            ? String(after["x-pd-store"])
            : after["x-nextjs-cache"]
              ? `next ${String(after["x-nextjs-cache"])}`
              : "-";
        fig[key] = { ...measured, state };
        console.log(
          `${label.padEnd(40)} ${measured.rps.toFixed(0).padStart(6)} req/s  p99 ${String(measured.p99).padStart(4)} ms  ${bytes.padEnd(8)} status ${first.status}  ${state}${measured.bad ? `  (${measured.bad} unexpected status/errors)` : ""}`,
        );
      }
      const ratio = (a: keyof typeof targets, b: keyof typeof targets, target: number) => {
        const p = t.pct(fig[a].rps, fig[b].rps);
        return `${p.toFixed(0)} % (target >= ${target} %, ${t.verdict(p >= target)})`;
      };
      console.log(
        `origin: release page / static asset ${ratio("release", "asset", 25)}; / prerendered page ${ratio("release", "probe", 80)}`,
      );
      console.log(
        `origin: edition feed / static asset ${ratio("feed", "asset", 40)}; news sitemap / static asset ${ratio("sitemap", "asset", 40)}`,
      );
      const p99s = [fig.release.p99, fig.feed.p99, fig.sitemap.p99];
      console.log(
        `origin p99: release page ${p99s[0]} ms, edition feed ${p99s[1]} ms, news sitemap ${p99s[2]} ms (target < 100 ms, ${t.verdict(p99s.every((p) => p < 100))})`,
      );
      const states = [fig.release.state, fig.feed.state, fig.sitemap.state];
      console.log(
        `x-pd-store after warm-up: release page ${states[0]}, edition feed ${states[1]}, news sitemap ${states[2]} (must be hit, ${t.verdict(states.every((s) => s === "hit"))})`,
      );
      const usPer = (k: keyof typeof targets) => 1e6 / fig[k].rps;
      console.log(
        `middleware: alone ${fig.middleware.rps.toFixed(0)} req/s vs static asset ${fig.asset.rps.toFixed(0)} req/s: +${(usPer("middleware") - usPer("asset")).toFixed(0)} µs a request; a stored release page, answered before the middleware from this process's copy, ${usPer("release").toFixed(0)} µs a request (static asset ${usPer("asset").toFixed(0)} µs)`,
      );
      console.log(
        `edge: release page via nginx cache / nginx static file ${ratio("edgeRelease", "edgeFile", 90)}; news sitemap / static file ${t.pct(fig.edgeSitemap.rps, fig.edgeFile.rps).toFixed(0)} %`,
      );

      await nextStartFigures(url, redisPrefix, release, asset.f, SECONDS, RUNS);

      // Memory: many distinct release pages and feeds through the origin's store, 20k then 100k requests.
      const paths = Array.from({ length: 400 }, (_, i) => `/de/pressemitteilung/bench-${4 * (i + 1)}`).concat([
        "/de/feed",
        "/sitemap-news.xml",
        "/de/category/kategorie-0",
      ]);
      // Sampled after each 20k, a second after the load stops (what the server holds, not the garbage of the last burst).
      const steps: number[] = [];
      for (let i = 0; i < 5; i++) {
        await t.spread(origin, paths, 20_000);
        await new Promise((r) => setTimeout(r, 1000));
        steps.push(t.rssMiB(server.pid!));
      }
      const [at20k, at100k] = [steps[0]!, steps[4]!];
      const growth = t.pct(at100k - at20k, at20k);
      console.log(
        `memory: server resident after 20k requests ${at20k.toFixed(0)} MiB, after 100k ${at100k.toFixed(0)} MiB (${growth.toFixed(1)} %, target within 10 %, ${t.verdict(Math.abs(growth) <= 10)}); every 20k: ${steps.map((m) => m.toFixed(0)).join(", ")} MiB`,
      );

      // A crawler's sweep: every release once, each a miss rendered once (but the 400 above).
      const redisBefore = await t.redisUsedMiB();
      const sweep = await t.crawlerSweep(origin, SWEEP, server.pid!);
      const afterSweep = t.rssMiB(server.pid!);
      const counted = Object.entries(sweep.states)
        .map(([s, n]) => `${s} ${n}`)
        .join(", ");
      console.log(
        `crawler sweep: ${SWEEP} distinct releases once each: ${sweep.rps.toFixed(0)} req/s  p99 ${sweep.p99} ms  (${counted})${sweep.bad ? `  (${sweep.bad} non-200/errors)` : ""}`,
      );
      console.log(
        `memory during the sweep, at each tenth: ${sweep.marks.map((m) => m.toFixed(0)).join(", ")} MiB; peak (1 s samples) ${sweep.peak.toFixed(0)} MiB`,
      );
      console.log(
        `memory: server resident after the sweep ${afterSweep.toFixed(0)} MiB (+${(afterSweep - at100k).toFixed(0)} MiB); store cap CACHE_MEMORY_LIMIT_MB=${t.CACHE_MEMORY_LIMIT_MB}: ${t.CACHE_MEMORY_LIMIT_MB / 2} MiB in process, in front of Redis (+${((await t.redisUsedMiB()) - redisBefore).toFixed(0)} MiB used)`,
      );
    } finally {
      nginx?.kill("SIGTERM");
      process.kill(-server.pid!, "SIGTERM");
      // Every Redis key of the bench's installation (CACHE_KEY_PREFIX): Next's cache, the shared store, rate limits.
      for (const pattern of [`pd:next:${redisPrefix}*`, `pd:${redisPrefix}*`, `${redisPrefix}rl:*`]) await t.dropRedisKeys(pattern);
      rmSync(work, { recursive: true, force: true });
    }
  });
}

/**
 * The same release page where the platform runs `next start` itself: the first reader's request
 * renders and the route keeps the bytes, every later one is the middleware's from them (no
 * shortcut before Next's handler there), beside that server's own static asset.
 */
async function nextStartFigures(
  databaseUrl: string,
  redisPrefix: string,
  release: string,
  assetFile: string,
  seconds: number,
  runs: number,
) {
  const server = t.startNextStart(databaseUrl, redisPrefix);
  try {
    const origin = `http://127.0.0.1:${t.NEXT_START_PORT}`;
    const host = `business.localhost:${t.NEXT_START_PORT}`;
    await t.waitFor(`${origin}/_next/static/chunks/${assetFile}`, 60_000);
    const first = await t.getVia(`${origin}${release}`, host);
    const second = await t.getVia(`${origin}${release}`, host);
    const states = [first, second].map((r) => `${r.status} ${String(r.headers["x-pd-store"] ?? "-")}`).join(", then ");
    const asset = await t.measure(`${origin}/_next/static/chunks/${assetFile}`, { host, seconds, runs });
    const page = await t.measure(`${origin}${release}`, { host, seconds, runs });
    const p = t.pct(page.rps, asset.rps);
    console.log(`next start: static asset ${asset.rps.toFixed(0)} req/s  p99 ${asset.p99} ms`);
    console.log(
      `next start: release page, kept by its route ${page.rps.toFixed(0)} req/s  p99 ${page.p99} ms  (first two requests: ${states})${page.bad ? `  (${page.bad} unexpected status/errors)` : ""}`,
    );
    console.log(`next start: release page / static asset ${p.toFixed(0)} % (target >= 25 %, ${t.verdict(p >= 25)})`);
  } finally {
    process.kill(-server.pid!, "SIGTERM"); // its Redis keys go with the bench's (pd:next:{prefix}*)
  }
}

runBench(main);
