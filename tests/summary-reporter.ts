import { mkdirSync, writeFileSync } from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

/** Prints one closing line in the plain `N passed, N failed` form CI reads. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of modules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
      }
      if (mod.state() === "failed" && mod.children.size === 0) failed++;
    }
    mkdirSync("test-results", { recursive: true });
    writeFileSync("test-results/summary-vitest.json", JSON.stringify({ passed, failed, skipped }));
    process.stdout.write(`\nvitest: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
