import { mkdirSync, writeFileSync } from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

/** Prints one closing line in the plain `N passed, N failed` form CI reads, and keeps the
 *  failed tests' names so the suite's last lines say which ones failed. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let skipped = 0;
    const failures: string[] = [];
    for (const mod of modules) {
      for (const test of mod.children.allTests()) {
        const result = test.result();
        if (result.state === "passed") passed++;
        else if (result.state === "failed") {
          const reason = result.errors?.[0]?.message?.split("\n")[0] ?? "";
          failures.push(`${mod.moduleId.replace(`${process.cwd()}/`, "")} › ${test.fullName}: ${reason}`.slice(0, 400));
        } else skipped++;
      }
      if (mod.state() === "failed" && mod.children.size === 0) {
        failures.push(`${mod.moduleId.replace(`${process.cwd()}/`, "")}: the file failed to load`);
      }
    }
    const failed = failures.length;
    mkdirSync("test-results", { recursive: true });
    writeFileSync("test-results/summary-vitest.json", JSON.stringify({ passed, failed, skipped, failures }));
    process.stdout.write(`\nvitest: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
