import { beforeAll, describe, expect, it } from "vitest";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import { runCommand } from "@/tests/console-run";
import { seedUser } from "@/tests/factories";
import { loadActivityPerDay } from "./activity-per-day";
import { activityChartRange, loadActivityReport, readActivityQuery } from "./activity-report";
import { loadConversionFunnel } from "./conversion-funnel";
import { loadIndexingReport } from "./indexing-report";
import { pageRange } from "./report-range";
import { submitterCopyText } from "./submitter-export";
import { loadSubmitterReport } from "./submitter-report";
import { runWithDeadline } from "@/tests/run-with-deadline";

// The four reports' loaders and the console command fed what an attacker puts into a URL or
// a command line: each answers at once with a report or a reason, never an error or a loop.

const EXTREMES = ["0000-01-01", "0001-01-01", "1969-12-31", "9999-12-31", "+010000-01-01", "2026-02-30", "2026-13-01"];
/** A report query that takes longer than this on a handful of rows has lost its index. */
const FAST_MS = 2_000;

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - t };
}

// The calls below run in this process: first make sure the range code cannot loop (a loop
// here would hang the file instead of failing it).
let rangeCodeEnds = false;
beforeAll(async () => {
  const run = await runWithDeadline(
    "lib/domains/reports/report-range.ts",
    `return ${JSON.stringify(EXTREMES)}.map((d) => m.daysOf(m.pageRange({ from: d, to: d }, 30).range).length);`,
  );
  rangeCodeEnds = run.finished && !run.threw;
  const actor = await seedUser({ email: "hostile-actor@example.test", name: "Hanna Host" });
  await db.activityLog.createMany({
    data: Array.from({ length: 120 }, (_, i) => ({
      type: i % 2 ? ACTIVITY.userLoggedIn : ACTIVITY.formIntake,
      actorUserId: i % 3 ? actor.id : null,
      createdAt: new Date(Date.now() - i * 3_600_000),
      reason: `grund ${i} kündigung`,
      path: "form",
    })),
  });
});

describe("report loaders with extreme dates (attacker)", () => {
  for (const day of EXTREMES) {
    it(`from=${day} / to=${day}: each report loads the default range, with a notice`, async () => {
      expect(rangeCodeEnds).toBe(true);
      for (const input of [{ from: day }, { to: day }, { from: day, to: day }]) {
        const { range, notices } = pageRange(input, 30);
        expect(notices.length).toBeGreaterThan(0);
        const indexing = await timed(() => loadIndexingReport({ range }));
        expect(indexing.value.feedFetchesPerDay).toHaveLength(30);
        expect(indexing.ms).toBeLessThan(FAST_MS);
        const submitters = await loadSubmitterReport({ range });
        expect(submitterCopyText(submitters)).toContain("Automatisch abgelehnte Meldungen vom");
        expect((await loadConversionFunnel({ range })).stages).toHaveLength(5);

        const { query } = readActivityQuery(input);
        expect(await loadActivityPerDay({ range: activityChartRange(query), type: query.type })).toHaveLength(30);
        expect((await loadActivityReport(query)).rows.length).toBeGreaterThan(0);
      }
    });
  }
});

describe("activity report with hostile search words, types and cursors (attacker)", () => {
  const SEARCHES = [
    "\u0000",
    "a\u0000b",
    "x".repeat(10_000),
    "kündigung ".repeat(1_000),
    "'",
    "''",
    "\\",
    "\\'",
    ":*",
    "a:*b",
    "!&|()<->",
    "a & b | !c",
    "' | '",
    "%",
    "_",
    "%_%",
    "ä".repeat(200),
    "😀 grund",
    "\uD800grund",
    "\u0001\u0002",
    "a-b-c",
    "a:b:c:d",
    "x'y':*z",
    "' OR 1=1 --",
    Array.from({ length: 60 }, (_, i) => `w${i}`).join(" "),
    "hostile-actor@",
    "Hanna",
  ];

  it("answers every search at once, without an error", async () => {
    for (const q of SEARCHES) {
      const { query } = readActivityQuery({ q });
      const page = await timed(() => loadActivityReport(query));
      expect(page.ms, JSON.stringify(q).slice(0, 30)).toBeLessThan(FAST_MS);
    }
    const { query } = readActivityQuery({ q: "kündigung" });
    expect((await loadActivityReport(query)).rows).toHaveLength(50);
    expect((await loadActivityReport(readActivityQuery({ q: "Hanna" }).query)).rows.length).toBeGreaterThan(0);
  });

  it("ignores hostile types and cursors: the newest entries, with notices", async () => {
    const params: Record<string, string | string[]>[] = [
      { type: ["user.logged_in", "form.intake"] },
      { type: "x".repeat(10_000) },
      { type: "\u0000" },
      { before: "-1.5" },
      { before: "999999999999999.1" },
      { before: "1767261600123.99999999999999999999" },
      { after: "x".repeat(10_000) },
      { after: ["1.1", "2.2"] },
      { before: "\u0000" },
    ];
    for (const p of params) {
      const { query, notices } = readActivityQuery(p);
      expect(notices, JSON.stringify(p).slice(0, 40)).toHaveLength(1);
      const page = await timed(() => loadActivityReport(query));
      expect(page.value.rows).toHaveLength(50);
      expect(page.ms).toBeLessThan(FAST_MS);
    }
  });
});

describe("conversion:funnel with extreme options (attacker)", () => {
  const USAGE = "Usage: conversion:funnel [--from=YYYY-MM-DD] [--to=YYYY-MM-DD]";

  it("refuses each implausible or malformed day with exit 2 and the reason", async () => {
    for (const day of EXTREMES) {
      for (const option of ["--from", "--to"]) {
        const run = await runCommand("conversion:funnel", `${option}=${day}`);
        expect(run.code, `${option}=${day}`).toBe(2);
        expect(run.err[0]).toMatch(new RegExp(`^${option} must be a (day from 2000-01-01 to \\d{4}-\\d{2}-\\d{2}|date YYYY-MM-DD)$`));
        expect(run.err.at(-1)).toBe(USAGE);
        expect(run.out).toEqual([]);
      }
    }
    for (const args of [["--from="], ["--to=\u0000"], [`--from=${"9".repeat(10_000)}`]])
      expect((await runCommand("conversion:funnel", ...args)).code).toBe(2);
  });

  it("refuses from after to and a range longer than 400 days", async () => {
    const swapped = await runCommand("conversion:funnel", "--from=2002-03-31", "--to=2002-03-01");
    expect(swapped).toMatchObject({ code: 2, out: [], err: ["--from must not be after --to", USAGE] });
    const long = await runCommand("conversion:funnel", "--from=2002-01-01", "--to=2003-02-05");
    expect(long).toMatchObject({ code: 2, err: ["the range has 401 days; at most 400 are counted", USAGE] });
    expect((await runCommand("conversion:funnel", "--from=2002-01-01", "--to=2003-02-04")).code).toBe(0);
  });
});
