// Lighthouse (Debian's Chromium) on the reader pages (front, release, category, archive, search)
// and the hub's front page of the production build served exactly as `npm start` serves it
// (embedded default, demo content). Prints the scores, the JavaScript each page transferred and
// the performance audits that explain the scores. Scores move with the machine's load: BENCH_RUNS
// runs per page (default 3), the median shown. LH_ONLY=word measures only the pages whose label
// holds the word.
// Usage: npx next build && npx tsx bench/lighthouse.ts
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { get } from "node:http";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const PORT = Number(process.env.BENCH_PORT ?? 3500);
const host = (site: string) => `${site}.localhost:${PORT}`;
const year = new Date().getFullYear();
const PAGES = (
  [
    ["front page", `http://${host("business")}/de`],
    ["release page", `http://${host("business")}/de/pressemitteilung/nordlicht-energie-nimmt-windpark-osterfeld-in-betrieb`],
    ["category page", `http://${host("business")}/de/category/energie`],
    ["category archive", `http://${host("business")}/de/category/energie/archiv/${year}`],
    ["search page", `http://${host("business")}/de/suche`],
    // Results say noindex by design: SEO flags exactly that.
    ["search results", `http://${host("business")}/de/suche?q=Windpark`],
    ["hub front page", `http://${host("hub")}/`],
  ] as const
).filter(([label]) => !process.env.LH_ONLY || label.includes(process.env.LH_ONLY));

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));

/** GET the page once outside Chromium (the site is picked by the Host header, as in the browser). */
function warmUp(url: string) {
  const { host: siteHost, pathname } = new URL(url);
  return new Promise<void>((resolve) => {
    get({ host: "127.0.0.1", port: PORT, path: pathname, headers: { host: siteHost } }, (res) => res.resume().on("end", resolve)).on(
      "error",
      () => resolve(),
    );
  });
}

async function waitFor(url: string, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server not up at ${url}`);
}

// The metrics and the audits that explain them, one short line each (failing or with savings only).
const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];
const AUDITS = [
  "render-blocking-resources",
  "render-blocking-insight",
  "unused-javascript",
  "unused-css-rules",
  "unminified-css",
  "legacy-javascript",
  "largest-contentful-paint-element",
  "lcp-lazy-loaded",
  "prioritize-lcp-image",
  "uses-responsive-images",
  "offscreen-images",
  "modern-image-formats",
  "unsized-images",
  "total-byte-weight",
  "font-display",
  "bootup-time",
  "mainthread-work-breakdown",
  "server-response-time",
  "layout-shifts",
  "network-dependency-tree-insight",
];
type Lhr = {
  audits: Record<string, { id: string; score: number | null; displayValue?: string; details?: unknown }>;
  environment?: { benchmarkIndex?: number };
};
function printPerformanceAudits(lhr: Lhr) {
  console.log(
    "    " +
      METRICS.map(
        (id) =>
          `${id
            .replace(/-/g, " ")
            .replace(/\b(\w)\w*/g, "$1")
            .toUpperCase()
            .replace(/ /g, "")} ${lhr.audits[id]?.displayValue ?? "?"}`,
      ).join("  "),
  );
  const lcp = lhr.audits["largest-contentful-paint-element"]?.details as
    { items?: { items?: { node?: { snippet?: string }; phase?: string; timing?: number }[] }[] } | undefined;
  const node = lcp?.items?.[0]?.items?.[0]?.node?.snippet;
  const phases = (lcp?.items?.[1]?.items ?? []).map((p) => `${p.phase} ${Math.round(p.timing ?? 0)}`).join(", ");
  if (node) console.log(`    LCP element ${node.slice(0, 90)}${phases ? ` (${phases} ms)` : ""}`);
  // Where the main thread's time went (what total blocking time is made of), and how fast Lighthouse found this machine.
  const work = (lhr.audits["mainthread-work-breakdown"]?.details as { items?: { groupLabel?: string; duration?: number }[] })?.items ?? [];
  const tasks = (lhr.audits["long-tasks"]?.details as { items?: { duration?: number }[] })?.items ?? [];
  const groups = work.slice(0, 4).map((w) => `${w.groupLabel} ${Math.round(w.duration ?? 0)} ms`);
  const long = tasks.map((t) => Math.round(t.duration ?? 0)).join(", ") || "none";
  console.log(
    `    main thread: ${groups.join(", ")}; long tasks ${long} ms; benchmark index ${Math.round(lhr.environment?.benchmarkIndex ?? 0)}`,
  );
  for (const id of AUDITS) {
    const a = lhr.audits[id];
    if (!a || a.score === null || a.score >= 0.9) continue;
    const { overallSavingsMs: ms, overallSavingsBytes: bytes } = (a.details ?? {}) as {
      overallSavingsMs?: number;
      overallSavingsBytes?: number;
    };
    const savings = [ms ? `${Math.round(ms)} ms` : "", bytes ? `${Math.round(bytes / 1024)} KiB` : ""].filter(Boolean).join(", ");
    console.log(`    perf: ${id}${a.displayValue ? ` – ${a.displayValue}` : ""}${savings ? ` (saves ${savings})` : ""}`);
  }
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "pd-lh-"));
  const server = spawn("node_modules/.bin/tsx", ["scripts/serve.ts", "start"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      EMBEDDED_DATA_DIR: dataDir,
      EMBEDDED_DB_PORT: String(PORT + 51000),
      SITE_HUB_HOST: host("hub"),
      SITE_BUSINESS_HOST: host("business"),
      SITE_TECH_HOST: host("tech"),
    },
    stdio: "ignore",
    detached: true,
  });
  const chrome = await (async () => {
    await waitFor(`http://127.0.0.1:${PORT}/`, 180_000);
    return chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP *.localhost 127.0.0.1"],
    });
  })();
  try {
    console.log(
      `machine: ${cpus().length} cores; lighthouse 12, Debian Chromium, mobile emulation with simulated throttling (Lighthouse defaults)`,
    );
    console.log(`each page: ${RUNS} run(s) after a warm-up request, the run with the median performance score shown`);
    for (const [label, url] of PAGES) {
      // The first request after start loads the route's code: a reader meets a warm server (or the CDN).
      await warmUp(url);
      const runs: Awaited<ReturnType<typeof lighthouse>>[] = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(
          await lighthouse(url, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility", "seo", "best-practices"],
          }),
        );
      }
      const perf = (r: (typeof runs)[number]) => r?.lhr.categories.performance?.score ?? 0;
      runs.sort((a, b) => perf(a) - perf(b));
      const result = runs[Math.floor((runs.length - 1) / 2)];
      const c = result!.lhr.categories;
      const score = (k: string) => Math.round((c[k]?.score ?? 0) * 100);
      const all = RUNS > 1 ? ` (runs: ${runs.map((r) => Math.round(perf(r) * 100)).join(" ")})` : "";
      console.log(
        `${label.padEnd(18)} performance ${score("performance")}  accessibility ${score("accessibility")}  seo ${score("seo")}  best-practices ${score("best-practices")}${all}`,
      );
      if (result!.lhr.runtimeError) console.log(`    error: ${result!.lhr.runtimeError.code} ${result!.lhr.runtimeError.message}`);
      const requests =
        (result!.lhr.audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] })?.items ?? [];
      const scripts = requests.filter((r) => r.resourceType === "Script");
      console.log(
        `    JavaScript transferred: ${(scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024).toFixed(1)} KB in ${scripts.length} script(s); page total ${(requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024).toFixed(0)} KB`,
      );
      printPerformanceAudits(result!.lhr);
      for (const k of ["accessibility", "seo", "best-practices"]) {
        for (const ref of c[k]?.auditRefs ?? []) {
          const audit = result!.lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) console.log(`    ${k}: ${audit.id} – ${audit.title}`);
        }
      }
    }
  } finally {
    await chrome.kill();
    process.kill(-server.pid!, "SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
