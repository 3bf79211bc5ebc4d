import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedRelease } from "@/tests/factories";
import { runCommand } from "@/tests/console-run";
import { withLimits } from "@/tests/limits";
import { seedNewsroom } from "@/tests/release-fixtures";
import { startFakeSearchConsole, type FakeSearchConsole } from "@/tests/search-console-fake-server";

// press-releases:check-index-status as the operator calls it: help, wrong calls, a dry run
// that writes nothing, a run on the embedded inspector, and exit 1 when the quota is spent.

const CMD = "press-releases:check-index-status";
let fake: FakeSearchConsole;
beforeAll(async () => {
  fake = await startFakeSearchConsole();
});
afterAll(() => fake.close());

describe(CMD, () => {
  it("answers --help and refuses wrong calls with exit 2", async () => {
    const help = await runCommand(CMD, "--help");
    expect(help.code).toBe(0);
    expect(help.out[0]).toBe("Usage: press-releases:check-index-status [--portal=business|tech] [--quota=N] [--dry-run]");
    for (const argv of [["--portal=hub"], ["--quota=0"], ["--quota=abc"], ["--dry-run=yes"], ["--force"], ["extra"]])
      expect((await runCommand(CMD, ...argv)).code).toBe(2);
  });

  it("lists on a dry run without writing, then inspects within the quota (exit 0), and exits 1 when Search Console's quota is spent", async () => {
    const { company } = await seedNewsroom({ portal: "tech" });
    const at = new Date(Date.now() - 3 * 86_400_000);
    const releases = [];
    for (let i = 0; i < 3; i++)
      releases.push(
        await seedRelease({ companyId: company.id, portal: "tech", status: "published", publishedAt: at, publishedEverAt: at }),
      );
    const dry = await runCommand(CMD, "--portal=tech", "--quota=2", "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.out.filter((l) => l.startsWith("tech would inspect release"))).toHaveLength(2);
    expect(await db.pressReleaseIndexCheck.count()).toBe(0);

    const run = await runCommand(CMD, "--portal=tech", "--quota=2");
    expect([run.code, run.out.at(-1)]).toEqual([0, "tech: 2 inspected (not_crawled 2), quota left today 2 (embedded)"]);
    expect(await db.pressReleaseIndexCheck.count({ where: { inspector: "embedded" } })).toBe(2);

    fake.fallback = { status: 429 };
    const stopped = await withLimits({ SEARCH_CONSOLE_CREDENTIALS: fake.credentials, SEARCH_CONSOLE_API_URL: fake.apiUrl }, () =>
      runCommand(CMD, "--portal=tech"),
    );
    expect(stopped.code).toBe(1);
    expect(stopped.err[0]).toMatch(/^stopped \(quota\)/);
  });
});
