import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { db } from "@/lib/core/db/client";
import { seedUser } from "@/tests/factories";
import { signIn, withPageSession } from "@/tests/page-session";
import { configureEnv } from "@/tests/test-env";

// An editor reads the feed statistics of a range that begins before the fetch log was complete
// (FEED_FETCHES_RECORDED_SINCE, spec 8): the page says so, and the CSV flags every such day.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
withPageSession();
// Counts the loads of the whole report: the CSV needs one column of it and must not build the rest.
const reportLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock("@/lib/domains/reports/indexing-report", async (original) => {
  const actual = await original<typeof import("@/lib/domains/reports/indexing-report")>();
  return {
    ...actual,
    loadIndexingReport: (...args: Parameters<typeof actual.loadIndexingReport>) => (
      (reportLoads.count += 1),
      actual.loadIndexingReport(...args)
    ),
  };
});
afterEach(() => configureEnv({ FEED_FETCHES_RECORDED_SINCE: undefined }));

const NOTE = "Feed-Abrufe werden erst seit dem 03.05.2004 vollständig erfasst.";
const page = async (from: string, to: string) =>
  renderToStaticMarkup((await (await import("./page")).default({ searchParams: Promise.resolve({ from, to }) })) as ReactElement);
const csv = async (from: string, to: string) =>
  (await import("./csv/route")).GET(new Request(`http://hub.localhost/admin/reports/indexing/csv?from=${from}&to=${to}`));

describe("feed statistics before FEED_FETCHES_RECORDED_SINCE", () => {
  it("are marked incomplete on the page and in the CSV, day by day", async () => {
    const feed = {
      portal: "business" as const,
      language: "de" as const,
      userAgentShort: "x",
      feedKind: "main" as const,
      feedKey: "main",
      reader: "feedly",
      subscriberCount: 12,
    };
    await db.feedFetch.createMany({ data: [1, 2, 3, 4].map((day) => ({ ...feed, fetchedAt: new Date(Date.UTC(2004, 4, day, 12)) })) });
    await signIn((await seedUser({ staffRole: "admin", permissions: [ADMIN_SCREENS.indexingReport.permission] })).id);
    configureEnv({ FEED_FETCHES_RECORDED_SINCE: "2004-05-03" });

    expect(await page("2004-05-01", "2004-05-04")).toContain(NOTE);
    const res = await csv("2004-05-01", "2004-05-04");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/feed-abrufe-2004-05-01-2004-05-04\.csv/);
    expect(
      (await res.text())
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n"),
    ).toEqual([
      '"Tag";"Feed-Abrufe";"Vollständig erfasst"',
      '"2004-05-01";"1";"nein"',
      '"2004-05-02";"1";"nein"',
      '"2004-05-03";"1";"ja"',
      '"2004-05-04";"1";"ja"',
    ]);

    // A range wholly after the date is complete: no note, every day "ja".
    expect(await page("2004-05-03", "2004-05-04")).not.toContain("vollständig erfasst");
    expect(await (await csv("2004-05-03", "2004-05-04")).text()).not.toContain("nein");
    // Unset (the default): every stored day counts as complete.
    configureEnv({ FEED_FETCHES_RECORDED_SINCE: undefined });
    expect(await page("2004-05-01", "2004-05-04")).not.toContain("vollständig erfasst");
    expect(await (await csv("2004-05-01", "2004-05-04")).text()).not.toContain("nein");
  });

  it("the CSV reads the feed log only, not the whole indexing report", async () => {
    await signIn((await seedUser({ staffRole: "admin", permissions: [ADMIN_SCREENS.indexingReport.permission] })).id);
    reportLoads.count = 0;
    const res = await csv("2004-05-01", "2004-05-30");
    expect(res.status).toBe(200);
    expect((await res.text()).trim().split("\r\n")).toHaveLength(31);
    expect(reportLoads.count).toBe(0);
  });

  it("the CSV refuses other staff and visitors", async () => {
    await signIn((await seedUser({ staffRole: "admin", permissions: ["billing:manage"] })).id);
    expect((await csv("2004-05-01", "2004-05-04")).status).toBe(403);
  });
});
