import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { runCommand } from "@/tests/console-run";
import { seedCompany, seedRelease } from "@/tests/factories";
import { loadConversionFunnel } from "./conversion-funnel";
import { rangeOf } from "./report-range";

// Each test counts in its own month of 2002, so the rows of one do not reach another.

describe("conversion funnel", () => {
  it("counts each stage unique per company, else per release, else per event", async () => {
    const [a, b] = [await seedCompany(), await seedCompany()];
    const release = await seedRelease({ companyId: a.id });
    const at = (day: number) => new Date(Date.UTC(2002, 0, day, 12));
    await db.conversionEvent.createMany({
      data: [
        // Stage 1: company a three times under two sources, company b once: 2 unique.
        { stage: 1, source: "release_published", companyId: a.id, pressReleaseId: release.id, createdAt: at(2) },
        { stage: 1, source: "release_published", companyId: a.id, pressReleaseId: release.id, createdAt: at(3) },
        { stage: 1, source: "newsletter", companyId: a.id, createdAt: at(4) },
        { stage: 1, source: "newsletter", companyId: b.id, createdAt: at(4) },
        // Stage 2: one company, the same release twice without a company, two anonymous redemptions: 1 + 1 + 2.
        { stage: 2, source: "image_confirmation", companyId: b.id, createdAt: at(5) },
        { stage: 2, source: "login", pressReleaseId: release.id, createdAt: at(5) },
        { stage: 2, source: "login", pressReleaseId: release.id, createdAt: at(6) },
        { stage: 2, source: "login", createdAt: at(6) },
        { stage: 2, source: null, createdAt: at(7) },
        // Stage 3 and 5 once per company (the writers dedupe; the count does too).
        { stage: 3, source: "onboarding", companyId: a.id, createdAt: at(8) },
        // Stage 4: registrations name no company: each counts.
        { stage: 4, source: "registration_form", createdAt: at(9) },
        { stage: 4, source: "registration_form", createdAt: at(9) },
        { stage: 4, source: "registration_form", createdAt: at(10) },
        { stage: 5, source: "card", companyId: a.id, createdAt: at(11) },
        { stage: 5, source: "manual_invoice", companyId: b.id, createdAt: at(12) },
        // Outside the range.
        { stage: 5, source: "card", companyId: b.id, createdAt: new Date(Date.UTC(2002, 1, 1, 12)) },
      ],
    });
    const funnel = await loadConversionFunnel({ range: rangeOf("2002-01-01", "2002-01-31") });
    expect(funnel.stages.map((s) => [s.stage, s.unique, s.events, s.companies])).toEqual([
      [1, 2, 4, 2],
      [2, 4, 5, 1],
      [3, 1, 1, 1],
      [4, 3, 3, 0],
      [5, 2, 2, 2],
    ]);
    expect(funnel.stages[0]!.sources).toEqual([
      { source: "newsletter", unique: 2, events: 2 },
      { source: "release_published", unique: 1, events: 2 },
    ]);
    expect(funnel.stages[1]!.sources.find((s) => s.source === null)).toEqual({ source: null, unique: 1, events: 1 });
  });

  it("is the same number on the console: conversion:funnel --from --to", async () => {
    const company = await seedCompany();
    await db.conversionEvent.createMany({
      data: [
        { stage: 1, source: "newsletter", companyId: company.id, createdAt: new Date("2002-03-10T10:00:00Z") },
        { stage: 1, source: "newsletter", companyId: company.id, createdAt: new Date("2002-03-11T10:00:00Z") },
        { stage: 4, source: "registration_form", createdAt: new Date("2002-03-12T10:00:00Z") },
        // 31 March 23:30 in Berlin is 21:30 UTC (summer time): inside --to=2002-03-31.
        { stage: 5, source: "card", companyId: company.id, createdAt: new Date("2002-03-31T21:30:00Z") },
        // 1 April 00:30 in Berlin: outside.
        { stage: 5, source: "card", createdAt: new Date("2002-03-31T22:30:00Z") },
      ],
    });
    const run = await runCommand("conversion:funnel", "--from=2002-03-01", "--to=2002-03-31");
    expect(run.code).toBe(0);
    expect(run.out[0]).toBe("conversion funnel 2002-03-01 to 2002-03-31 (days in Europe/Berlin)");
    expect(run.out.find((l) => l.endsWith("first visit through a mail link"))).toMatch(/^1\s+1\s+2\s+1\s+100\.0 %/);
    expect(run.out.find((l) => l.endsWith("registration"))).toMatch(/^4\s+1\s+1\s+0\s+100\.0 %/);
    expect(run.out.find((l) => l.endsWith("payment"))).toMatch(/^5\s+1\s+1\s+1\s+100\.0 %/);
    expect(run.out).toContain("              1       2  source newsletter");

    const page = await loadConversionFunnel({ range: rangeOf("2002-03-01", "2002-03-31") });
    expect(page.stages.map((s) => s.unique)).toEqual([1, 0, 0, 1, 1]);
  });

  it("refuses a wrong call with exit 2 and the usage", async () => {
    for (const args of [["--from=2002-13-01"], ["--to=yesterday"], ["--from"], ["--days=3"], ["extra"]]) {
      const run = await runCommand("conversion:funnel", ...args);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.err.at(-1)).toBe("Usage: conversion:funnel [--from=YYYY-MM-DD] [--to=YYYY-MM-DD]");
    }
    expect((await runCommand("conversion:funnel", "--help")).out[0]).toBe("Usage: conversion:funnel [--from=YYYY-MM-DD] [--to=YYYY-MM-DD]");
    // Swapped days are a wrong call, not silently another range (report-hostile-input.integration.test.ts has the rest).
    expect(await runCommand("conversion:funnel", "--from=2002-03-31", "--to=2002-03-01")).toMatchObject({
      code: 2,
      err: ["--from must not be after --to", "Usage: conversion:funnel [--from=YYYY-MM-DD] [--to=YYYY-MM-DD]"],
    });
  });
});
