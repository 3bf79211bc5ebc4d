// Lighthouse (Debian's Chromium) on a release page and a category page of the production build
// served exactly as `npm start` serves it (embedded default, demo content). Prints the scores.
// Usage: npx next build && npx tsx bench/lighthouse.ts
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const PORT = Number(process.env.BENCH_PORT ?? 3500);
const host = (site: string) => `${site}.localhost:${PORT}`;
const year = new Date().getFullYear();
const PAGES = [
  ["release page", `http://${host("business")}/de/pressemitteilung/nordlicht-energie-nimmt-windpark-osterfeld-in-betrieb`],
  ["category page", `http://${host("business")}/de/category/energie`],
  ["category archive", `http://${host("business")}/de/category/energie/archiv/${year}`],
] as const;

async function waitFor(url: string, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server not up at ${url}`);
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "pd-lh-"));
  const server = spawn("node_modules/.bin/tsx", ["scripts/serve.ts", "start"], {
    env: { ...process.env, PORT: String(PORT), EMBEDDED_DATA_DIR: dataDir, EMBEDDED_DB_PORT: String(PORT + 51000), SITE_HUB_HOST: host("hub"), SITE_BUSINESS_HOST: host("business"), SITE_TECH_HOST: host("tech") },
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
    console.log(`machine: ${cpus().length} cores; lighthouse 12, Debian Chromium, mobile emulation with simulated throttling (Lighthouse defaults)`);
    for (const [label, url] of PAGES) {
      const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "seo", "best-practices"] });
      const c = result!.lhr.categories;
      const score = (k: string) => Math.round((c[k]?.score ?? 0) * 100);
      console.log(`${label.padEnd(18)} performance ${score("performance")}  accessibility ${score("accessibility")}  seo ${score("seo")}  best-practices ${score("best-practices")}`);
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
