// The whole test suite: services up, unit and integration tests against PostgreSQL and Redis,
// one production build, browser tests against it. Ends with one summary line.
// Flags: --no-e2e (skip build and browser tests), --no-build (reuse an existing .next build).
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";

const args = new Set(process.argv.slice(2));
const withE2e = !args.has("--no-e2e") && process.env.SKIP_E2E !== "1";
const SUMMARY_DIR = "test-results";

function run(cmd: string, argv: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, argv, { stdio: "inherit", env: { ...process.env, ...env } });
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  failures?: string[];
}

function readCounts(file: string): Counts {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0, failures: [`${file} was not written`] };
  return JSON.parse(readFileSync(file, "utf8")) as Counts;
}

async function main() {
  rmSync(`${SUMMARY_DIR}/summary-vitest.json`, { force: true });
  rmSync(`${SUMMARY_DIR}/summary-e2e.json`, { force: true });
  const ensure = await run("bash", ["scripts/ensure-services.sh"], withE2e ? {} : { SKIP_E2E: "1" });
  if (ensure !== 0) process.exit(ensure);

  const codes: number[] = [];
  codes.push(await run("node_modules/.bin/vitest", ["run"]));
  const totals = readCounts(`${SUMMARY_DIR}/summary-vitest.json`);

  if (withE2e) {
    if (args.has("--no-build") && existsSync(".next/BUILD_ID")) {
      console.log("e2e: reusing the existing .next build");
    } else {
      const build = await run("node_modules/.bin/next", ["build"]);
      if (build !== 0) process.exit(build);
    }
    codes.push(await run("node_modules/.bin/playwright", ["test"]));
    const e2e = readCounts(`${SUMMARY_DIR}/summary-e2e.json`);
    totals.passed += e2e.passed;
    totals.failed += e2e.failed;
    totals.skipped += e2e.skipped;
    totals.failures = [...(totals.failures ?? []), ...(e2e.failures ?? [])];
  }

  // The failed tests' names stand beside the summary, where a log's last lines are read.
  for (const failure of totals.failures ?? []) console.log(`failed: ${failure}`);
  console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(codes.some((c) => c !== 0) || totals.failed > 0 ? 1 : 0);
}

void main();
