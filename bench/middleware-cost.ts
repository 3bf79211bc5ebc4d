// The middleware's own work per request, in process: host routing, the tombstone decision (the
// in-memory index's shape), the store key, and, for a stored answer, building the response from
// bytes already in memory. No server, no I/O: what each request pays before anything else.
// Usage: npx tsx bench/middleware-cost.ts [--requests=200000]
import { NextRequest, NextResponse } from "next/server";
import { routeBySite, type DecidePublicPath, type ServeStored } from "@/lib/adapters/public/site-routing";
import type { SiteHosts } from "@/lib/domains/sites";
import { percentile, runBench } from "./support";

const N = Number(process.argv.find((a) => a.startsWith("--requests="))?.split("=")[1] ?? 200_000);
const hosts: SiteHosts = { hub: "hub.localhost:3000", business: "business.localhost:3000", tech: "tech.localhost:3000", protocol: "https" };
const gone = new Set(Array.from({ length: 5_000 }, (_, i) => `gone-${i}`));
const decide: DecidePublicPath = async (_portal, subject) => (gone.has(subject.slug) ? { status: 410 } : null);
const page = "x".repeat(24_000);
const serveStored: ServeStored = async () =>
  new NextResponse(page, { headers: { "content-type": "text/html; charset=utf-8", etag: '"e"' } });

const CASES: [string, string, string, ServeStored | undefined][] = [
  [
    "stored release page (hit from memory)",
    "business.localhost:3000",
    "/de/pressemitteilung/nordlicht-energie-nimmt-windpark",
    serveStored,
  ],
  ["tombstoned release (410 page)", "business.localhost:3000", "/de/pressemitteilung/gone-17", serveStored],
  ["private hub page (rewrite with nonce)", "hub.localhost:3000", "/dashboard/releases/12", serveStored],
  ["malformed path (400)", "business.localhost:3000", "/de/%E0%A4%A", serveStored],
];

async function main() {
  console.log(`middleware work per request, in process, ${N} requests per case (node ${process.version})`);
  for (const [label, host, path, serve] of CASES) {
    const requests = Array.from(
      { length: 1_000 },
      () => new NextRequest(`https://${host}${path}`, { headers: { host, "user-agent": "Mozilla/5.0", "accept-language": "de-DE" } }),
    );
    for (let i = 0; i < 5_000; i++) await routeBySite(requests[i % 1_000]!, hosts, decide, serve);
    const samples: number[] = [];
    const started = performance.now();
    for (let i = 0; i < N; i++) {
      const t = performance.now();
      await routeBySite(requests[i % 1_000]!, hosts, decide, serve);
      samples.push(performance.now() - t);
    }
    const wall = performance.now() - started;
    samples.sort((a, b) => a - b);
    console.log(
      `${label.padEnd(40)} mean ${((wall / N) * 1000).toFixed(1)} µs  p50 ${(percentile(samples, 50) * 1000).toFixed(1)} µs  p99 ${(percentile(samples, 99) * 1000).toFixed(1)} µs`,
    );
  }
}

runBench(main);
