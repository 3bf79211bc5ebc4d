// Outgoing webhook delivery under load (docs/webhooks.md): N events for one newsroom whose 20
// endpoints are local HTTP receivers, a third of them slow (answer after --slow-ms) or failing
// (500). Events are committed at --rate per second; every delivery runs through the real lanes,
// signing and the SSRF-guarded sender. Prints deliveries per second, commit-to-delivery p50/p99
// for the healthy endpoints, what the slow and failing ones got meanwhile, and resident memory.
// A benchmark, not a test: it prints.
// Usage: npx tsx bench/webhook-delivery.ts [--events=10000] [--rate=25] [--slow-ms=2000] [--slow=4] [--failing=3]
//   live memory: node --expose-gc --import tsx bench/webhook-delivery.ts …
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { cpus } from "node:os";
import { percentile, runBench, withThrowawayDatabase } from "./support";

const arg = (name: string, d: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? d);
const EVENTS = arg("events", 10_000);
const RATE = arg("rate", 25);
const SLOW_MS = arg("slow-ms", 2000);
const SLOW = arg("slow", 4);
const FAILING = arg("failing", 3);
// --slow=0 --failing=0 is the baseline: the same healthy endpoints without the troubled ones.
const KINDS = [...Array<"healthy">(13).fill("healthy"), ...Array<"slow">(SLOW).fill("slow"), ...Array<"failing">(FAILING).fill("failing")];
const mib = (b: number) => `${(b / 1048576).toFixed(0)} MiB`;

interface Receiver {
  kind: (typeof KINDS)[number];
  url: string;
  server: Server;
  /** webhook-id -> first arrival (ms, performance.now()). */
  arrivals: Map<string, number>;
  requests: number;
}

async function startReceiver(kind: Receiver["kind"]): Promise<Receiver> {
  const r: Omit<Receiver, "url" | "server"> = { kind, arrivals: new Map(), requests: 0 };
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      r.requests += 1;
      const id = String(req.headers["webhook-id"]);
      if (kind === "failing") return void res.writeHead(500).end("down");
      const answer = () => {
        if (!r.arrivals.has(id)) r.arrivals.set(id, performance.now());
        res.writeHead(204).end();
      };
      if (kind === "slow") setTimeout(answer, SLOW_MS);
      else answer();
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign(r, { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` });
}

async function main() {
  console.log(
    `machine: ${cpus().length} cores, node ${process.version}; PostgreSQL at 127.0.0.1; ${EVENTS} events at ${RATE}/s to ${KINDS.length} endpoints (13 healthy, ${SLOW} answering after ${SLOW_MS} ms, ${FAILING} answering 500)`,
  );
  await withThrowawayDatabase("bench_webhooks", async (url) => {
    Object.assign(process.env, { DATABASE_URL: url, OUTBOUND_ALLOW_LOCALHOST: "true", JOBS_AUTO_DRAIN: "false" });
    const { applyMigrations } = await import("@/lib/core/db/migrations/migrations");
    await applyMigrations(url);
    const { db, disconnectPrisma } = await import("@/lib/core/db/client");
    const { emitWebhookEvent } = await import("@/lib/domains/webhooks/emit");
    await import("@/lib/domains/webhooks/deliver");
    const receivers = await Promise.all(KINDS.map(startReceiver));
    try {
      const user = await db.user.create({ data: { email: "owner@bench.example", name: "Bench", emailVerifiedAt: new Date() } });
      const company = await db.company.create({ data: { name: "Bench AG", slug: "bench-ag", portal: "business" } });
      await db.companyUser.create({ data: { companyId: company.id, userId: user.id, role: "owner", grantedVia: "manual" } });
      const { createWebhookEndpoint } = await import("@/lib/domains/webhooks/endpoints");
      for (const r of receivers)
        await createWebhookEndpoint({ userId: user.id, companyId: company.id, url: r.url, eventTypes: ["release.published"] });

      const committedAt = new Map<string, number>();
      const rssBefore = process.memoryUsage().rss;
      let peakRss = rssBefore;
      const rssSamples: number[] = [];
      const heapSamples: number[] = [];
      // With --expose-gc (node --expose-gc --import tsx …) each sample is taken after a full collection: live memory only.
      const gc = (globalThis as { gc?: () => void }).gc;
      const sampler = setInterval(
        () => {
          gc?.();
          const { rss, heapUsed } = process.memoryUsage();
          peakRss = Math.max(peakRss, rss);
          rssSamples.push(rss);
          heapSamples.push(heapUsed);
        },
        gc ? 5000 : 500,
      );
      const release = { id: 1, title: "Bench", body: "x".repeat(2000) };
      const started = performance.now();
      // Commits in batches of ten per transaction, paced to RATE events per second.
      for (let i = 0; i < EVENTS; i += 10) {
        const due = started + (i / RATE) * 1000;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const ids: string[] = [];
        await db.$transaction(
          async (tx) => {
            for (let j = i; j < Math.min(EVENTS, i + 10); j++) {
              const sent = await emitWebhookEvent(tx, {
                companyId: company.id,
                type: "release.published",
                sourceKey: `bench:${j}`,
                occurredAt: new Date(),
                data: { release: { ...release, id: j } },
              });
              ids.push(sent!.messageId);
            }
            // A request waits for its connection like any other; the bench measures delivery, not the pool.
          },
          { maxWait: 60_000, timeout: 60_000 },
        );
        const at = performance.now();
        for (const id of ids) committedAt.set(id, at);
      }
      const emitted = performance.now();
      const healthy = receivers.filter((r) => r.kind === "healthy");
      while (healthy.some((r) => r.arrivals.size < EVENTS) && performance.now() - emitted < 600_000)
        await new Promise((r) => setTimeout(r, 100));
      const finished = performance.now();
      clearInterval(sampler);

      const latencies = healthy.flatMap((r) => [...r.arrivals].map(([id, at]) => at - committedAt.get(id)!)).sort((a, b) => a - b);
      const delivered = healthy.reduce((n, r) => n + r.arrivals.size, 0);
      const seconds = (finished - started) / 1000;
      console.log(
        `healthy endpoints: ${delivered} of ${EVENTS * healthy.length} delivered in ${seconds.toFixed(1)} s (events committed over ${((emitted - started) / 1000).toFixed(1)} s): ${(delivered / seconds).toFixed(0)} deliveries/s`,
      );
      console.log(
        `commit to delivery, healthy: p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms`,
      );
      const slow = receivers.filter((r) => r.kind === "slow");
      const failing = receivers.filter((r) => r.kind === "failing");
      console.log(
        `meanwhile: slow endpoints confirmed ${slow.map((r) => r.arrivals.size).join("/")}, failing endpoints were tried ${failing.map((r) => r.requests).join("/")} times (each failure waits 5 s, then 5 min)`,
      );
      const counts = await db.$queryRaw<
        { status: string; n: bigint }[]
      >`SELECT status::text, count(*) AS n FROM webhook_deliveries GROUP BY 1 ORDER BY 1`;
      console.log(`deliveries in the table: ${counts.map((c) => `${c.status} ${c.n}`).join(", ")}`);
      const third = Math.floor(rssSamples.length / 3);
      console.log(
        `resident memory: ${mib(rssBefore)} before, ${mib(peakRss)} peak; mean of first third ${mib(avg(rssSamples.slice(0, third)))}, last third ${mib(avg(rssSamples.slice(-third)))}`,
      );
      // The heap includes the bench's own arrival records (one entry per delivery), which grow by design.
      console.log(
        `JS heap in use: mean of first third ${mib(avg(heapSamples.slice(0, third)))}, last third ${mib(avg(heapSamples.slice(-third)))}`,
      );
    } finally {
      await Promise.all(receivers.map((r) => new Promise((resolve) => r.server.close(resolve))));
      await disconnectPrisma();
    }
  });
}

const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

runBench(main);
