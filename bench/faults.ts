// Faults without harm: two production instances on a PostgreSQL and a Redis of this run's own,
// light traffic on both (an API create with submission every 2 s, a reader's page or feed every
// 0.5 s, the signed-in dashboard every second), then PostgreSQL restarted and stopped for 10 s,
// Redis flushed and stopped for 10 s. Prints per fault the client-visible outage window, the
// statuses seen, the slowest request and the time to healthy; at the end lost and duplicated
// writes and every Idempotency-Key retry that met a 409 past its lease.
// Needs a production build (`npx next build`). Usage: npx tsx bench/faults.ts
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { cpus } from "node:os";
import type { ChildProcess } from "node:child_process";
import { getAs } from "@/e2e/host-request";
import { IDEMPOTENCY_LEASE_SECONDS } from "@/lib/core/http/idempotency";
import { PostgresCluster, RedisServer, startInstance, stopInstance } from "./fault-services";
import { runBench } from "./support";

const PG_PORT = Number(process.env.FAULTS_PG_PORT ?? 55432);
const REDIS_PORT = Number(process.env.FAULTS_REDIS_PORT ?? 56379);
const PORTS = [3710, 3711];
// The balancer's name for the sites: both instances answer it, as behind nginx.
const HUB = "hub.localhost:8080";
const BUSINESS = "business.localhost:8080";
const DEMO_OWNER = "owner@nordlicht-energie.example";
const BODY =
  "<p>Die neue Anlage im Hafen liefert ab heute Strom für zwölftausend Haushalte in der Region. Sie wurde in vierzehn Monaten gebaut und ersetzt zwei ältere Kraftwerke, die bis zum Jahresende vom Netz gehen.</p><p>Die Stadtwerke beteiligen sich mit einem Drittel an den Kosten.</p>";

type Kind = "api" | "page" | "dashboard";
interface Sample {
  kind: Kind;
  path: string;
  at: number;
  ms: number;
  status: number;
  instance: number;
}
interface Phase {
  name: string;
  from: number;
  to: number;
  /** When the dependency was back (restart done, server started). */
  backAt: number;
}

const started = Date.now();
const now = () => Date.now() - started;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const samples: Sample[] = [];
/** 503 answers: how many, how many lacked Retry-After, how many lacked the error shape or the page that says to retry. */
const outageAnswers = { total: 0, withoutRetryAfter: 0, unexplained: 0 };
/** The first answer of each unexpected kind and status, to say why. */
const unexpected = new Map<string, string>();
const health: { at: number; instance: number; db: boolean; cache: boolean }[] = [];
let rr = 0;
const nextInstance = () => rr++ % PORTS.length;

async function timed(
  kind: Kind,
  host: string,
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  const instance = nextInstance();
  const t = performance.now();
  const at = now();
  let res: Awaited<ReturnType<typeof getAs>> | null = null;
  try {
    res = await Promise.race([getAs(host, path, { ...opts, port: PORTS[instance] }), sleep(30_000).then(() => null)]);
  } catch {
    res = null;
  }
  samples.push({ kind, path, at, ms: performance.now() - t, status: res?.status ?? 0, instance });
  if (res?.status === 503) {
    outageAnswers.total++;
    if (!res.headers["retry-after"]) outageAnswers.withoutRetryAfter++;
    const said = kind === "api" ? res.body.includes('"service_unavailable"') : res.body.includes("gerade nicht erreichbar");
    if (!said) {
      outageAnswers.unexplained++;
      if (!unexpected.has(`${kind} 503 unexplained`))
        unexpected.set(`${kind} 503 unexplained`, res.body.replace(/\s+/g, " ").slice(0, 300));
    }
  }
  const expected = kind === "api" ? [201, 409, 503] : [200, 503];
  const seen = `${kind} ${res?.status ?? 0}`;
  if (!expected.includes(res?.status ?? 0) && !unexpected.has(seen))
    unexpected.set(seen, `${res?.headers.location ?? ""} ${res?.body.slice(0, 200) ?? "no answer"}`.trim());
  return res;
}

interface LogicalCreate {
  title: string;
  attempts: { at: number; status: number; sinceFirst: number }[];
  releaseId: number | null;
}
const creates: LogicalCreate[] = [];

/** A client as docs/api.md tells it: same key until an answer, waiting Retry-After (or 1 s) between tries. */
async function createWithRetries(token: string, newsroomId: number, n: number, deadline: number) {
  const key = randomUUID();
  const title = `Störungstest Nummer ${n} ${randomBytes(4).toString("hex")}`;
  const c: LogicalCreate = { title, attempts: [], releaseId: null };
  creates.push(c);
  const body = JSON.stringify({
    newsroom_id: newsroomId,
    portal: "business",
    language: "de",
    title,
    body: BODY,
    location: "Hamburg",
    contact: { name: "Presse" },
    submit: true,
  });
  const first = now();
  while (now() < deadline) {
    const res = await timed("api", HUB, "/api/v1/releases", {
      method: "POST",
      body,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "idempotency-key": key },
    });
    const status = res?.status ?? 0;
    c.attempts.push({ at: now(), status, sinceFirst: now() - first });
    if (status === 201) {
      c.releaseId = (JSON.parse(res!.body) as { data: { id: number } }).data.id;
      return;
    }
    if (status >= 400 && status < 500 && status !== 409 && status !== 429) return;
    const retryAfter = Number(res?.headers["retry-after"] ?? 1);
    await sleep(Math.min(10, Number.isFinite(retryAfter) ? retryAfter : 1) * 1000);
  }
}

async function traffic(until: number, token: string, newsroomId: number, pages: string[], cookie: string, healthToken: string) {
  const loops: Promise<void>[] = [];
  const every = (ms: number, fn: (i: number) => Promise<unknown>) =>
    loops.push(
      (async () => {
        for (let i = 0; now() < until; i++) {
          void fn(i);
          await sleep(ms);
        }
      })(),
    );
  const pending: Promise<void>[] = [];
  every(2000, async (i) => pending.push(createWithRetries(token, newsroomId, i, until + 90_000)));
  every(500, (i) => timed("page", BUSINESS, pages[i % pages.length]!));
  every(1000, () => timed("dashboard", HUB, "/dashboard", { headers: { cookie } }));
  every(250, async () => {
    for (const [instance, port] of PORTS.entries()) {
      const res = await getAs(HUB, "/health", { port, headers: { authorization: `Bearer ${healthToken}` } }).catch(() => null);
      const checks = res ? ((JSON.parse(res.body) as { checks?: Record<string, { status: string }> }).checks ?? {}) : {};
      health.push({ at: now(), instance, db: checks.database?.status === "ok", cache: checks.cache?.status === "ok" });
    }
  });
  await Promise.all(loops);
  return Promise.all(pending);
}

async function prepare(pg: PostgresCluster, env: Record<string, string>) {
  Object.assign(process.env, env);
  const { applyMigrations } = await import("@/lib/core/db/migrations/migrations");
  const { seedDemoContent } = await import("@/prisma/seed-demo");
  const { db, disconnectPrisma } = await import("@/lib/core/db/client");
  const { createApiToken } = await import("@/lib/domains/api-tokens/tokens");
  const { openSession } = await import("@/lib/domains/auth/sessions/start-session");
  const { SESSION_COOKIE } = await import("@/lib/domains/auth/next-auth/cookies");
  const { sessionCookieValue } = await import("@/lib/domains/auth/impersonation/impersonation-cookie");
  const { releasePath } = await import("@/lib/domains/sites/urls");
  await applyMigrations(pg.url);
  await seedDemoContent({ allowOnConfiguredDatabase: true });
  const owner = await db.user.findUniqueOrThrow({ where: { email: DEMO_OWNER }, select: { id: true } });
  const newsroom = await db.companyUser.findFirstOrThrow({ where: { userId: owner.id, role: "owner" }, select: { companyId: true } });
  // Every create of the run is published: the plan's monthly quota is no part of this bench.
  await db.userPaymentOption.updateMany({ where: { userId: owner.id }, data: { monthlyReleaseQuota: 100_000 } });
  const { token } = await createApiToken({ userId: owner.id, name: "faults", identityConfirmedAt: new Date() });
  const session = await openSession({
    userId: owner.id,
    method: "password",
    strongAuth: true,
    twoFactorPending: false,
    client: { ip: "198.51.100.7", userAgent: "faults" },
  });
  const cookie = `${SESSION_COOKIE}=${await sessionCookieValue(session.token, 3600)}`;
  const published = await db.pressRelease.findMany({
    where: { portal: "business", language: "de", status: "published", goneAt: null },
    select: { slug: true, language: true },
    take: 3,
    orderBy: { id: "asc" },
  });
  await disconnectPrisma();
  const pages = ["/de", "/de/feed", ...published.map((r) => releasePath(r))];
  return { token, newsroomId: newsroom.companyId, cookie, pages };
}

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);

function summarize(phases: Phase[]) {
  const baseline = samples.filter((s) => s.at < phases[0]!.from);
  const p50 = (kind: Kind) => {
    const xs = baseline
      .filter((s) => s.kind === kind)
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    return xs[Math.floor(xs.length / 2)] ?? 0;
  };
  console.log(
    `baseline (before the first fault): p50 api ${fmt(p50("api"))}, page ${fmt(p50("page"))}, dashboard ${fmt(p50("dashboard"))}`,
  );
  for (const phase of phases) {
    console.log(`\n== ${phase.name} (${fmt(phase.from)} – ${fmt(phase.to)} into the run)`);
    for (const kind of ["page", "dashboard", "api"] as Kind[]) {
      const xs = samples.filter((s) => s.kind === kind && s.at >= phase.from && s.at < phase.to);
      if (!xs.length) continue;
      const statuses = new Map<number, number>();
      for (const s of xs) statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1);
      const bad = xs.filter((s) => s.status === 0 || s.status >= 500 || s.status === 409);
      const slowest = xs.reduce((a, b) => (b.ms > a.ms ? b : a));
      const window = bad.length ? `${fmt(bad.at(-1)!.at + bad.at(-1)!.ms - bad[0]!.at)} (${bad.length} answers)` : "none";
      const slowBad = bad.length ? fmt(Math.max(...bad.map((s) => s.ms))) : "-";
      const failedPaths = [...new Set(bad.map((b) => b.path))].join(", ");
      console.log(
        `  ${kind.padEnd(9)} ${String(xs.length).padStart(3)} requests  statuses ${[...statuses]
          .sort((a, b) => a[0] - b[0])
          .map(([s, n]) => `${s || "no answer"}×${n}`)
          .join(
            " ",
          )}  outage window ${window}  slowest ${fmt(slowest.ms)} (+${fmt(Math.max(0, slowest.ms - p50(kind)))} over baseline p50)  slowest non-2xx ${slowBad}${failedPaths ? ` (${failedPaths})` : ""}`,
      );
    }
    const healthy = PORTS.map((_, i) => health.find((h) => h.instance === i && h.at >= phase.backAt && h.db && h.cache)?.at) as (
      number | undefined
    )[];
    const detected = PORTS.map(
      (_, i) => health.find((h) => h.instance === i && h.at >= phase.from && h.at < phase.to && (!h.db || !h.cache))?.at,
    );
    console.log(
      `  health: failing seen after ${detected.map((d) => (d === undefined ? "not seen" : fmt(d - phase.from))).join(" / ")}, healthy again ${healthy.map((h) => (h === undefined ? "never" : fmt(h - phase.backAt))).join(" / ")} after the dependency was back`,
    );
  }
}

async function verify(pgUrl: string) {
  process.env.DATABASE_URL = pgUrl;
  const { db, disconnectPrisma } = await import("@/lib/core/db/client");
  let lost = 0;
  let duplicated = 0;
  let unanswered = 0;
  for (const c of creates) {
    const rows = await db.pressRelease.findMany({ where: { title: c.title }, select: { id: true } });
    if (c.releaseId !== null && !rows.some((r) => r.id === c.releaseId)) lost++;
    if (rows.length > 1) duplicated++;
    if (c.releaseId === null) unanswered++;
  }
  const late409 = creates.flatMap((c) =>
    c.attempts.filter((a) => a.status === 409 && a.sinceFirst > (IDEMPOTENCY_LEASE_SECONDS + 5) * 1000),
  );
  const statuses = await db.pressRelease.groupBy({ by: ["status"], where: { title: { startsWith: "Störungstest" } }, _count: true });
  const stranded = await db.idempotencyKey.count({ where: { responseStatus: null } });
  // A job still running is stuck when it was taken over a minute ago (the instances are still up).
  const running = await db.$queryRaw<
    { n: bigint }[]
  >`SELECT count(*) AS n FROM job_queue WHERE status = 'running' AND locked_at < now() - interval '1 minute'`;
  await disconnectPrisma();
  console.log(
    `\n== writes: ${creates.length} creates by ${creates.reduce((n, c) => n + c.attempts.length, 0)} requests; ${creates.length - unanswered} answered 201`,
  );
  console.log(
    `  lost ${lost}, duplicated ${duplicated}, never answered 201 ${unanswered}, 409 past the lease ${late409.length}, unfinished reservations left ${stranded}, jobs stuck running ${running[0]?.n}`,
  );
  console.log(
    `  503 answers: ${outageAnswers.total}, without Retry-After ${outageAnswers.withoutRetryAfter}, without the error shape or the retry page ${outageAnswers.unexplained}`,
  );
  for (const [seen, why] of unexpected) console.log(`  unexpected ${seen}: ${why}`);
  console.log(`  release states: ${statuses.map((s) => `${s.status} ${s._count}`).join(", ")}`);
}

runBench(async () => {
  if (!existsSync(".next/BUILD_ID")) throw new Error("no production build: run `npx next build` first");
  const pg = new PostgresCluster(PG_PORT);
  const redis = new RedisServer(REDIS_PORT);
  const instances: ChildProcess[] = [];
  const log: string[] = [];
  try {
    pg.start();
    await redis.start();
    const env = {
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      SITE_HUB_HOST: HUB,
      SITE_BUSINESS_HOST: BUSINESS,
      SITE_TECH_HOST: "tech.localhost:8080",
      APP_KEY: randomBytes(32).toString("base64"),
      AUTH_SECRET: randomBytes(32).toString("base64"),
      ARCHIVE_SIGNING_KEY: randomBytes(32).toString("base64"),
      HEALTH_TOKEN: randomBytes(16).toString("hex"),
      RESEND_API_KEY: "re_faults_unused",
      RESEND_BASE_URL: "http://127.0.0.1:9",
      EMAIL_DOMAIN_CHECK: "off",
      CACHE_KEY_PREFIX: "faults:",
    };
    const setup = await prepare(pg, env);
    for (const port of PORTS) {
      const child = startInstance(port, env);
      child.stderr?.on("data", (d: Buffer) => log.push(...d.toString().split("\n").filter(Boolean)));
      instances.push(child);
    }
    for (const port of PORTS) {
      for (let i = 0; ; i++) {
        const res = await getAs(BUSINESS, "/de", { port }).catch(() => null);
        if (res?.status === 200) break;
        if (i > 240) throw new Error(`instance on ${port} did not come up`);
        await sleep(500);
      }
    }
    console.log(
      `2 instances (ports ${PORTS.join(", ")}) on PostgreSQL :${PG_PORT} and Redis :${REDIS_PORT}; ${setup.pages.length} reader paths; ${cpus().length} cores`,
    );

    const phases: Phase[] = [];
    const at = (ms: number) => sleep(Math.max(0, ms - now()));
    const t0 = now();
    const run = traffic(t0 + 135_000, setup.token, setup.newsroomId, setup.pages, setup.cookie, env.HEALTH_TOKEN);

    await at(t0 + 15_000);
    let from = now();
    pg.restart();
    phases.push({ name: "PostgreSQL restarted", from, to: from + 15_000, backAt: now() });

    await at(t0 + 35_000);
    from = now();
    pg.stop();
    await sleep(10_000);
    pg.start();
    phases.push({ name: "PostgreSQL stopped for 10 s", from, to: now() + 10_000, backAt: now() });

    await at(t0 + 70_000);
    from = now();
    redis.flush();
    phases.push({ name: "Redis flushed", from, to: from + 15_000, backAt: now() });

    await at(t0 + 95_000);
    from = now();
    await redis.stop();
    await sleep(10_000);
    await redis.start();
    phases.push({ name: "Redis stopped for 10 s", from, to: now() + 10_000, backAt: now() });

    await run;
    summarize(phases);
    await verify(pg.url);
    // The breaker's own notice ("redis: unavailable (…)") is expected; anything else of the kind is not.
    const errors = log.filter((l) => /unexpected error|MaxRetriesPerRequest|Unhandled/i.test(l) && !l.startsWith("redis: unavailable"));
    console.log(
      `  instance logs: ${log.length} lines, ${errors.length} unexpected errors${errors.length ? `, first: ${errors[0]!.slice(0, 200)}` : ""}`,
    );
  } finally {
    for (const child of instances) stopInstance(child);
    await redis.stop();
    pg.remove();
  }
});
