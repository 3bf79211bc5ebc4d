// What bench/portal-load.ts starts and measures with: the production server and nginx, loads
// with autocannon (one URL, a spread over cached answers, a crawler's sweep over distinct
// releases), resident memory, and the lines it prints.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import autocannon from "autocannon";
import { Redis } from "ioredis";
import { getAs } from "@/e2e/host-request";
import { SERVER_SCRIPT, serverEnv } from "@/scripts/server-process";

export const CONNECTIONS = 50;
export const PORT = Number(process.env.BENCH_PORT ?? 3600);
export const NGINX_PORT = PORT + 1;
export const BUSINESS = `business.localhost:${PORT}`;
export const HUB = `hub.localhost:${PORT}`;
export const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
/** The server's cache memory cap (lib/core/cache/next-cache-handler.mjs): with Redis, half of it is the in-process layer in front. */
export const CACHE_MEMORY_LIMIT_MB = Number(process.env.CACHE_MEMORY_LIMIT_MB || 64);
const BROWSER = "Mozilla/5.0 (bench) Chrome/131.0";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** The bench-only prerendered page (app/hub/static-probe/page.bench.tsx), in the build only with BENCH_BUILD=1. */
export const PROBE_PATH = "/static-probe";
export const PROBE_MISSING = `the static probe page (hub ${PROBE_PATH}) is not in this build: build with \`BENCH_BUILD=1 npx next build\` first`;

/** True when the build in .next prerendered the probe page. */
export function probeBuilt(): boolean {
  const manifest = ".next/prerender-manifest.json";
  return (
    existsSync(manifest) &&
    `/hub${PROBE_PATH}` in (JSON.parse(readFileSync(manifest, "utf8")) as { routes: Record<string, unknown> }).routes
  );
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
export const pct = (a: number, b: number) => (a / b) * 100;
export const verdict = (met: boolean) => (met ? "met" : "NOT MET");

export interface Load {
  rps: number;
  p99: number;
  /** Answers with another status than expected, plus errors and timeouts. */
  bad: number;
}

/** autocannon on one URL with a site's Host header; `expect` is the status every answer should have. */
export async function load(url: string, opts: { host: string; seconds: number; expect?: number }): Promise<Load> {
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: opts.seconds,
    headers: { host: opts.host, "user-agent": BROWSER },
  });
  const expected = r.statusCodeStats?.[`${opts.expect ?? 200}`]?.count ?? 0;
  return { rps: r.requests.average, p99: r.latency.p99, bad: r.requests.total - expected + r.errors };
}

/** A warm-up, then the median of `runs` loads. */
export async function measure(url: string, opts: { host: string; seconds: number; runs: number; expect?: number }): Promise<Load> {
  await load(url, { ...opts, seconds: 2 });
  const runs: Load[] = [];
  for (let i = 0; i < opts.runs; i++) runs.push(await load(url, opts));
  return { rps: median(runs.map((r) => r.rps)), p99: median(runs.map((r) => r.p99)), bad: runs.reduce((n, r) => n + r.bad, 0) };
}

/** GET of a full URL with a site's Host header, as a browser would send it. */
export function getVia(url: string, host = BUSINESS) {
  const u = new URL(url);
  return getAs(host, `${u.pathname}${u.search}`, { port: Number(u.port), headers: { "user-agent": BROWSER } });
}

export async function waitFor(url: string, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (
      await getVia(url).then(
        (r) => r.status < 500,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`not up: ${url}`);
}

/** A production environment of throwaway secrets for a server answering the three sites on `port`. */
function productionEnv(port: number, databaseUrl: string, cacheKeyPrefix: string): Record<string, string> {
  return {
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    CACHE_MEMORY_LIMIT_MB: String(CACHE_MEMORY_LIMIT_MB),
    SITE_HUB_HOST: `hub.localhost:${port}`,
    SITE_BUSINESS_HOST: `business.localhost:${port}`,
    SITE_TECH_HOST: `tech.localhost:${port}`,
    CACHE_KEY_PREFIX: cacheKeyPrefix,
    APP_KEY: randomBytes(32).toString("base64"),
    ARCHIVE_SIGNING_KEY: randomBytes(32).toString("base64"),
    HEALTH_TOKEN: randomBytes(16).toString("hex"),
    RESEND_API_KEY: "re_bench_unused",
    RESEND_BASE_URL: "http://127.0.0.1:9",
  };
}

/** The production server (npm start's): Next's handler behind the address-stamping server, in its own process group. */
export function startServer(databaseUrl: string, redisPrefix: string): ChildProcess {
  const nodeOptions = process.env.BENCH_SERVER_NODE_OPTIONS?.split(" ").filter(Boolean) ?? [];
  return spawn(process.execPath, [...nodeOptions, SERVER_SCRIPT, "start"], {
    env: serverEnv({ ...productionEnv(PORT, databaseUrl, redisPrefix), PORT: String(PORT) }),
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
}

/** Port of `next start` beside the production server (the edge is PORT + 1). */
export const NEXT_START_PORT = PORT + 2;

/**
 * The service as a platform runs it: `next start` directly (without `-H`: with Next 16.4 a
 * hostname given there makes every middleware rewrite look external, README "Run in
 * production"), no server of ours in front (no render through itself, no shortcut before
 * Next's handler): what Vercel's functions do.
 */
export function startNextStart(databaseUrl: string, redisPrefix: string): ChildProcess {
  return spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(NEXT_START_PORT)], {
    // Behind a platform's proxy, which appends the client's address.
    env: serverEnv({ ...productionEnv(NEXT_START_PORT, databaseUrl, `${redisPrefix}ns:`), TRUSTED_PROXY_HOPS: "1" }),
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
}

/** Why the bench cannot run here (the probe page or nginx missing), or null. */
export function missingPrerequisite(): string | null {
  if (!probeBuilt()) return PROBE_MISSING;
  if (spawnSync("nginx", ["-v"]).error)
    return "nginx is not installed (the edge figures run deploy/nginx.conf): apt-get install nginx-light";
  return null;
}

// Headers nginx writes itself on either answer, and the two cache probes (the origin's store, nginx's
// cache; one on each answer); every other header of the page goes on the file too.
const OWN_HEADERS = new Set(["date", "server", "connection", "keep-alive", "content-length", "transfer-encoding", "x-cache", "x-pd-store"]);

/** `add_header` lines that give a file the headers of `headers` (a page's answer), so both answers are the same bytes. */
export function sameHeaders(headers: Record<string, string | string[] | undefined>): string {
  return Object.entries(headers)
    .filter(([name]) => !OWN_HEADERS.has(name) && name !== "content-type")
    .flatMap(([name, value]) => [value ?? []].flat().map((v) => `add_header ${name} "${nginxQuoted(v)}";`))
    .join(" ");
}

function nginxQuoted(value: string): string {
  // nginx expands $ in add_header values and has no escape for it.
  if (value.includes("$")) throw new Error(`a header value with $ cannot be given to nginx: ${value}`);
  return value.replaceAll("\\", "\\\\").replaceAll('"', '\\"');
}

/** nginx with deploy/nginx.conf; /static/ serves `staticRoot`'s files as `contentType` with `headers` (see sameHeaders). */
export function startNginx(prefix: string, staticRoot: string, contentType: string, headers: string): ChildProcess {
  for (const d of ["cache", "client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(join(prefix, d), { recursive: true });
  const conf = readFileSync("deploy/nginx.conf", "utf8")
    .replaceAll("{{PREFIX}}", prefix)
    .replace("{{WORKERS}}", "1")
    .replace("{{UPSTREAM}}", `127.0.0.1:${PORT}`)
    .replace("{{LISTEN}}", `127.0.0.1:${NGINX_PORT}`)
    .replace(
      "{{STATIC_LOCATION}}",
      `location /static/ { root ${staticRoot}; types { } default_type "${nginxQuoted(contentType)}"; etag off; ${headers} }`,
    );
  writeFileSync(join(prefix, "nginx.conf"), conf);
  return spawn("nginx", ["-c", join(prefix, "nginx.conf"), "-p", prefix, "-g", "daemon off; user root;"], { stdio: "inherit" });
}

/** Resident memory of a process and its children, in MiB. */
export function rssMiB(pid: number): number {
  const kids = spawnSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
    .stdout.split("\n")
    .filter(Boolean)
    .map(Number);
  const own = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  return own + kids.reduce((sum, k) => sum + rssMiB(k), 0);
}

/** Redis's used memory in MiB. */
export async function redisUsedMiB(): Promise<number> {
  const redis = new Redis(REDIS_URL);
  const info = await redis.info("memory");
  redis.disconnect();
  return Number(/used_memory:(\d+)/.exec(info)?.[1] ?? 0) / 1024 / 1024;
}

export async function dropRedisKeys(pattern: string) {
  const redis = new Redis(REDIS_URL);
  for await (const keys of redis.scanStream({ match: pattern, count: 500 }))
    if ((keys as string[]).length) await redis.del(...(keys as string[]));
  redis.disconnect();
}

/** `amount` requests spread at random over `paths` of the business site. */
export function spread(origin: string, paths: string[], amount: number) {
  return autocannon({
    url: origin,
    connections: CONNECTIONS,
    amount,
    headers: { host: BUSINESS },
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[Math.floor(Math.random() * paths.length)]! }) }],
  });
}

/** Release `bench-n` of bench/seed-releases.ts: portal by n % 2, edition by n % 4. */
export function releaseAt(n: number, port = PORT): { host: string; path: string } {
  const portal = n % 2 === 0 ? "business" : "tech";
  const path = n % 4 < 2 ? `/de/pressemitteilung/bench-${n}` : `/en/press-release/bench-${n}`;
  return { host: `${portal}.localhost:${port}`, path };
}

/**
 * A crawler fetching releases bench-(from+1) … bench-(from+count) once each, as fast as answered or
 * at `rate` requests a second: the x-pd-store state
 * of each answer counted, the server's resident memory sampled each second and at every tenth of
 * the sweep.
 */
export async function crawlerSweep(origin: string, count: number, serverPid: number, from = 0, rate?: number) {
  let next = 0;
  let answered = 0;
  let peak = 0;
  const marks: number[] = [];
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(serverPid))), 1000);
  const states: Record<string, number> = {};
  const r = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    amount: count,
    timeout: 60,
    // A crawler asking at a fixed pace (requests a second, over all connections) instead of as fast as answered.
    ...(rate ? { overallRate: rate } : {}),
    requests: [
      {
        setupRequest: (req) => {
          const { host, path } = releaseAt(from + (next++ % count) + 1, Number(new URL(origin).port));
          return { ...req, path, headers: { host, "user-agent": CRAWLER } };
        },
        onResponse: (status, _body, _context, headers) => {
          const state = status === 200 ? String(headers?.["x-pd-store"] ?? "none") : `status ${status}`;
          states[state] = (states[state] ?? 0) + 1;
          if (++answered % (count / 10) === 0) marks.push(rssMiB(serverPid));
        },
      },
    ],
  });
  clearInterval(sampler);
  const ok = r.statusCodeStats?.["200"]?.count ?? 0;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.requests.total - ok + r.errors,
    states,
    marks,
    peak: Math.max(peak, ...marks),
  };
}
