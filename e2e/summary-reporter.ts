import { mkdirSync, writeFileSync } from "node:fs";
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/** Prints one closing line in the plain `N passed, N failed` form CI reads, and keeps the
 *  failed tests' names so the suite's last lines say which ones failed. */
export default class SummaryReporter implements Reporter {
  private counts = { passed: 0, failed: 0, skipped: 0 };
  private failures: string[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.retry < test.retries && result.status !== "passed") return;
    if (result.status === "passed") this.counts.passed++;
    else if (result.status === "skipped") this.counts.skipped++;
    else {
      this.counts.failed++;
      const reason = result.error?.message?.split("\n")[0] ?? result.status;
      this.failures.push(`${test.location.file.replace(`${process.cwd()}/`, "")} › ${test.title}: ${reason}`.slice(0, 400));
    }
  }

  onEnd(result: FullResult) {
    if (result.status !== "passed" && this.counts.failed === 0) {
      this.counts.failed++;
      this.failures.push(`the run ended ${result.status}`);
    }
    mkdirSync("test-results", { recursive: true });
    writeFileSync("test-results/summary-e2e.json", JSON.stringify({ ...this.counts, failures: this.failures }));
    const { passed, failed, skipped } = this.counts;
    process.stdout.write(`\ne2e: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }

  printsToStdio() {
    return false;
  }
}
