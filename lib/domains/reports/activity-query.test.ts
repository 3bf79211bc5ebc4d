import { describe, expect, it } from "vitest";
import { ACTIVITY } from "@/lib/domains/activity/types";
import {
  ACTIVITY_CHART_DAYS,
  ACTIVITY_SEARCH_MAX,
  activityChartRange,
  activityRange,
  decodeCursor,
  encodeCursor,
  parseActivityQuery,
  readActivityQuery,
} from "./activity-query";
import { daysOf } from "./report-range";
import { runWithDeadline } from "@/tests/run-with-deadline";

// The activity report's query string as an attacker writes it: every value is dropped or cut
// to something harmless, and what the page could not take is said on the page.

const NOW = new Date("2026-11-24T12:00:00Z");
const NOW_ISO = NOW.toISOString();
const read = (params: Record<string, string | string[] | undefined>) => readActivityQuery(params, NOW);

describe("activity query from a hostile URL (attacker)", () => {
  for (const day of ["0000-01-01", "0001-01-01", "1969-12-31", "9999-12-31", "+010000-01-01", "2026-02-30", "2026-13-01"]) {
    it(`from=${day} and to=${day} are dropped with a notice; the list's range and the chart's days come within 2 s`, async () => {
      const run = await runWithDeadline(
        "lib/domains/reports/activity-query.ts",
        `const now = new Date(${JSON.stringify(NOW_ISO)});
         const { query, notices } = m.readActivityQuery({ from: ${JSON.stringify(day)}, to: ${JSON.stringify(day)} }, now);
         const range = m.activityRange(query);
         const chart = m.activityChartRange(query, now);
         return { fromDay: query.fromDay, toDay: query.toDay, open: range.from === null && range.to === null, chart: [chart.fromDay, chart.toDay], notices: notices.length };`,
      );
      expect(run).toMatchObject({
        finished: true,
        value: { fromDay: null, toDay: null, open: true, chart: ["2026-10-26", "2026-11-24"], notices: 2 },
      });
    });
  }

  it("a range longer than the chart: the list keeps it, the chart shows its last 92 days", () => {
    const { query, notices } = read({ from: "2000-01-01", to: "2026-11-24" });
    expect(notices).toEqual([]);
    expect(activityRange(query).from?.toISOString()).toBe("1999-12-31T23:00:00.000Z");
    const chart = activityChartRange(query, NOW);
    expect(daysOf(chart)).toHaveLength(ACTIVITY_CHART_DAYS);
    expect(chart.toDay).toBe("2026-11-24");
  });

  it("from after to: put in order and said so", () => {
    const { query, notices } = read({ from: "2026-03-31", to: "2026-03-01" });
    expect(activityRange(query)).toEqual({ from: new Date("2026-02-28T23:00:00Z"), to: new Date("2026-03-31T22:00:00Z") });
    expect(activityChartRange(query, NOW)).toMatchObject({ fromDay: "2026-03-01", toDay: "2026-03-31" });
    expect(notices).toEqual(["„Von“ lag nach „Bis“; die beiden Tage wurden getauscht."]);
  });

  it("type: repeated, unknown, NUL or 10,000 characters means all events, with a notice", () => {
    for (const type of [
      [ACTIVITY.userLoggedIn, ACTIVITY.formIntake],
      "Login",
      "a\u0000",
      "x".repeat(10_000),
      "__proto__",
      "constructor",
      "toString",
    ]) {
      const { query, notices } = read({ type });
      expect(query.type, String(type).slice(0, 20)).toBeNull();
      expect(notices).toEqual(["Das gewählte Ereignis gibt es nicht; gezeigt werden alle Ereignisse."]);
    }
    expect(read({ type: ACTIVITY.userLoggedIn })).toMatchObject({ query: { type: ACTIVITY.userLoggedIn }, notices: [] });
    expect(read({ type: "" })).toMatchObject({ query: { type: null }, notices: [] });
  });

  it("q: NUL and unpaired surrogates removed, 10,000 characters cut, a repeated q reads its first value", () => {
    expect(read({ q: "  ab\u0000c\uD800 " }).query.q).toBe("abc");
    expect(read({ q: "x".repeat(10_000) }).query.q).toHaveLength(ACTIVITY_SEARCH_MAX);
    expect(read({ q: ["eins", "zwei"] }).query.q).toBe("eins");
    expect(read({ q: "\u0000" })).toMatchObject({ query: { q: "" }, notices: [] });
  });

  it("cursors: negative, huge, malformed or outside the plausible times are dropped; the page starts at the newest and says so", () => {
    const valid = encodeCursor({ createdAt: new Date("2026-01-01T10:00:00.123Z"), id: 42n });
    expect(decodeCursor(valid, NOW)).toEqual({ createdAt: new Date("2026-01-01T10:00:00.123Z"), id: 42n });
    const hostile = [
      "-1.5",
      "1767261600123.-5",
      "1767261600123.0",
      "1767261600123.9223372036854775808",
      "999999999999999.1",
      "99999999999999999999.1",
      "0.1",
      "946681199999.1", // before 2000 (Berlin)
      String(Date.UTC(2027, 10, 26)) + ".1", // more than a year ahead
      "1767261600123",
      "1767261600123.",
      ".1",
      "1767261600123.1.2",
      " 1767261600123.1",
      "1767261600123.1\u0000",
      "1e12.1",
      "0x10.1",
      "x".repeat(10_000),
      "",
    ];
    for (const raw of hostile) expect(decodeCursor(raw, NOW), raw.slice(0, 40)).toBeNull();
    for (const raw of [42, null, undefined, { a: 1 }]) expect(decodeCursor(raw, NOW)).toBeNull();
    for (const raw of [...hostile.filter(Boolean), [valid, valid]]) {
      const { query, notices } = read({ before: raw });
      expect(query.before).toBeNull();
      expect(notices).toEqual(["Der Verweis auf die Seite ist ungültig; gezeigt werden die neuesten Einträge."]);
      expect(read({ after: raw }).query.after).toBeNull();
    }
    expect(read({ before: valid })).toMatchObject({ query: { before: { id: 42n } }, notices: [] });
    // Both given: before wins, after is ignored.
    expect(read({ before: valid, after: valid }).query).toMatchObject({ before: { id: 42n }, after: null });
  });

  it("parseActivityQuery is the query without the notices", () => {
    expect(parseActivityQuery({ type: ACTIVITY.formIntake, from: "2026-01-01", to: "9999-12-31", q: "x" }, NOW)).toEqual({
      type: ACTIVITY.formIntake,
      fromDay: "2026-01-01",
      toDay: null,
      q: "x",
      before: null,
      after: null,
    });
  });
});
