import { describe, expect, it } from "vitest";
import {
  addDays,
  daysOf,
  EARLIEST_DAY,
  latestDay,
  MAX_RANGE_DAYS,
  pageRange,
  parseDay,
  parseRange,
  rangeOf,
  startOfBerlinDay,
  type ReportRange,
} from "./report-range";
import { runWithDeadline } from "@/tests/run-with-deadline";

// The reports' time range as an attacker writes it into a URL or a command line. A day the
// calendar functions cannot represent once sent a report into an endless loop (addDays
// "9999-12-31" + 1 gave "+010000-01", which sorts before "9999-12-31" forever); the calls that
// could loop run in a child process with a 2 s deadline, so a loop fails the test instead of
// hanging it.

const NOW = new Date("2026-11-24T12:00:00Z");
const NOW_ISO = NOW.toISOString();
/** Today's default: the 30 days up to today (Berlin). */
const DEFAULT = ["2026-10-26", "2026-11-24"];
const EXTREMES = ["0000-01-01", "0001-01-01", "1969-12-31", "9999-12-31", "+010000-01-01", "2026-02-30", "2026-13-01"];

const fake = (fromDay: string, toDay: string): ReportRange => ({ fromDay, toDay, from: new Date(0), to: new Date(0) });

describe("report range: extreme days from a URL (attacker)", () => {
  for (const day of EXTREMES) {
    it(`from=${day} or to=${day}: the default range with a notice, the chart's days counted within 2 s`, async () => {
      const run = await runWithDeadline(
        "lib/domains/reports/report-range.ts",
        `const now = new Date(${JSON.stringify(NOW_ISO)});
         return ["from", "to"].map((field) => {
           const r = m.pageRange({ [field]: ${JSON.stringify(day)} }, 30, now);
           return { range: [r.range.fromDay, r.range.toDay], days: m.daysOf(r.range).length, notices: r.notices };
         });`,
      );
      expect(run).toMatchObject({ finished: true });
      expect(run.finished && run.threw).toBeFalsy();
      const [asFrom, asTo] = (run as { value: { range: string[]; days: number; notices: string[] }[] }).value;
      for (const [r, label] of [
        [asFrom!, "„Von“"],
        [asTo!, "„Bis“"],
      ] as const) {
        expect(r.range).toEqual(DEFAULT);
        expect(r.days).toBe(30);
        expect(r.notices).toHaveLength(1);
        expect(r.notices[0]).toContain(label);
        expect(r.notices[0]).toMatch(/nicht übernommen/);
      }
    });
  }

  it("counts the days of a range ending on 9999-12-31 or starting before year 0000 without looping", async () => {
    // What the old parseRange built from to=9999-12-31 (and, backwards, from to=0000-01-15).
    const run = await runWithDeadline(
      "lib/domains/reports/report-range.ts",
      `const fake = (fromDay, toDay) => ({ fromDay, toDay, from: new Date(0), to: new Date(0) });
       const count = (r) => { try { return m.daysOf(r).length; } catch (e) { return e.name; } };
       return [count(fake("9999-12-01", "9999-12-31")), count(fake("-000001-12", "0000-01-15")), count(fake("+010000-01", "9999-12-31"))];`,
    );
    expect(run).toMatchObject({ finished: true, value: [31, "RangeError", "RangeError"] });
  });

  it("the console refuses each extreme day with the option's name, within 2 s", async () => {
    const run = await runWithDeadline(
      "lib/domains/reports/report-range.ts",
      `const now = new Date(${JSON.stringify(NOW_ISO)});
       return ${JSON.stringify(EXTREMES)}.flatMap((day) => [m.parseRange({ from: day }, { defaultDays: 30, now, strict: true }), m.parseRange({ to: day }, { defaultDays: 30, now, strict: true })]);`,
    );
    expect(run).toMatchObject({ finished: true });
    const reasons = (run as { value: unknown[] }).value;
    expect(reasons).toHaveLength(EXTREMES.length * 2);
    reasons.forEach((reason, i) => {
      const option = i % 2 ? "--to" : "--from";
      const day = EXTREMES[Math.floor(i / 2)]!;
      const plausibleShape = /^\d{4}-(0[1-9]|1[0-2])-\d{2}$/.test(day) && day !== "2026-02-30";
      expect(reason, `${option}=${day}`).toBe(
        plausibleShape ? `${option} must be a day from 2000-01-01 to 2027-11-24` : `${option} must be a date YYYY-MM-DD`,
      );
    });
  });
});

describe("report range: days", () => {
  it("accepts only plausible days: 2000-01-01 to one year after today (Berlin)", () => {
    expect(EARLIEST_DAY).toBe("2000-01-01");
    expect(latestDay(NOW)).toBe("2027-11-24");
    // Berlin's today: 23:30 UTC on 31 Dec is already 1 Jan there.
    expect(latestDay(new Date("2026-12-31T23:30:00Z"))).toBe("2028-01-01");
    expect(parseDay("2000-01-01", NOW)).toBe("2000-01-01");
    expect(parseDay("1999-12-31", NOW)).toBeNull();
    expect(parseDay("2027-11-24", NOW)).toBe("2027-11-24");
    expect(parseDay("2027-11-25", NOW)).toBeNull();
    expect(parseDay("2024-02-29", NOW)).toBe("2024-02-29");
    for (const raw of [
      ...EXTREMES,
      "2025-02-29",
      "2026-00-10",
      "2026-01-00",
      "2026-04-31",
      " 2026-01-01",
      "2026-01-01 ",
      "2026-1-1",
      "20260101",
      "2026-01-01T00:00",
      "２０２６-01-01",
      "2026-01-01\u0000",
    ]) {
      expect(parseDay(raw, NOW), JSON.stringify(raw)).toBeNull();
    }
    for (const raw of [undefined, null, 20260101, true, ["2026-01-01"], { day: "2026-01-01" }]) expect(parseDay(raw, NOW)).toBeNull();
  });

  it("addDays stays within the years 0000-9999 and refuses what is no day, instead of returning '+010000-01'", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(addDays("2026-03-29", 400)).toBe("2027-05-03");
    // Years below 100 are not 19xx.
    expect(addDays("0050-06-01", 1)).toBe("0050-06-02");
    expect(() => addDays("9999-12-31", 1)).toThrow(RangeError);
    expect(() => addDays("0000-01-01", -1)).toThrow(RangeError);
    for (const bad of ["+010000-01", "-000001-12", "2026-02-30", "x"]) expect(() => addDays(bad, 1), bad).toThrow(RangeError);
  });

  it("startOfBerlinDay throws on what is no day instead of handing on null", () => {
    expect(startOfBerlinDay("2026-07-01").toISOString()).toBe("2026-06-30T22:00:00.000Z");
    expect(startOfBerlinDay("2026-12-01").toISOString()).toBe("2026-11-30T23:00:00.000Z");
    for (const bad of ["+010000-01", "-000001-12", "2026-02-30", "2026-13-01", ""])
      expect(() => startOfBerlinDay(bad), bad).toThrow(RangeError);
  });

  it("daysOf counts at most MAX_RANGE_DAYS days, whatever range it is handed", () => {
    expect(MAX_RANGE_DAYS).toBe(400);
    expect(daysOf(rangeOf("2026-03-28", "2026-03-30"))).toEqual(["2026-03-28", "2026-03-29", "2026-03-30"]);
    const long = daysOf(fake("2000-01-01", "2026-11-24"));
    expect(long).toHaveLength(MAX_RANGE_DAYS);
    expect(long.at(-1)).toBe("2001-02-03");
    expect(daysOf(fake("2026-11-24", "2026-11-01"))).toEqual([]);
  });

  it("rangeOf builds only ordered ranges of real days, at most MAX_RANGE_DAYS long", () => {
    expect(rangeOf("2026-01-01", "2026-01-31")).toMatchObject({ fromDay: "2026-01-01", toDay: "2026-01-31" });
    expect(rangeOf("2026-01-01", addDays("2026-01-01", MAX_RANGE_DAYS - 1)).toDay).toBe("2027-02-04");
    expect(() => rangeOf("2026-01-01", addDays("2026-01-01", MAX_RANGE_DAYS))).toThrow(RangeError);
    expect(() => rangeOf("2026-01-31", "2026-01-01")).toThrow(RangeError);
    expect(() => rangeOf("9999-12-31", "9999-12-31")).toThrow(RangeError);
    expect(() => rangeOf("2026-02-30", "2026-03-01")).toThrow(RangeError);
  });
});

describe("report range: what a page and the console make of a request", () => {
  const page = (input: Record<string, unknown>) => pageRange(input, 30, NOW);
  const strict = (input: Record<string, unknown>) => parseRange(input, { defaultDays: 30, now: NOW, strict: true });

  it("takes plausible days as they are, without a notice; empty fields are the defaults", () => {
    expect(page({})).toMatchObject({ range: { fromDay: DEFAULT[0], toDay: DEFAULT[1] }, notices: [] });
    expect(page({ from: "", to: "" })).toMatchObject({ range: { fromDay: DEFAULT[0], toDay: DEFAULT[1] }, notices: [] });
    expect(page({ from: "2026-03-01", to: "2026-03-31" })).toMatchObject({
      range: { fromDay: "2026-03-01", toDay: "2026-03-31" },
      notices: [],
    });
    expect(page({ to: "2027-11-24" }).range).toMatchObject({ fromDay: "2027-10-26", toDay: "2027-11-24" });
    expect(strict({ from: "2026-03-01", to: "2026-03-31" })).toMatchObject({ fromDay: "2026-03-01", toDay: "2026-03-31" });
  });

  it("from after to: a page swaps them and says so; the console refuses", () => {
    expect(page({ from: "2026-03-31", to: "2026-03-01" })).toMatchObject({
      range: { fromDay: "2026-03-01", toDay: "2026-03-31" },
      notices: ["„Von“ lag nach „Bis“; die beiden Tage wurden getauscht."],
    });
    // Only from given, after today: from today to that day.
    expect(page({ from: "2027-01-10" })).toMatchObject({ range: { fromDay: "2026-11-24", toDay: "2027-01-10" } });
    expect(strict({ from: "2026-03-31", to: "2026-03-01" })).toBe("--from must not be after --to");
  });

  it("a range longer than the maximum: a page shows the last 400 days and says so; the console refuses", () => {
    const r = page({ from: "2000-01-01", to: "2026-11-24" });
    expect(r.range).toMatchObject({ fromDay: "2025-10-21", toDay: "2026-11-24" });
    expect(daysOf(r.range)).toHaveLength(400);
    expect(r.notices).toEqual(["Ein Bericht umfasst höchstens 400 Tage; gezeigt werden die 400 Tage bis 24.11.2026."]);
    expect(page({ from: "2025-10-21", to: "2026-11-24" }).notices).toEqual([]);
    expect(page({ from: "2025-10-20", to: "2026-11-24" }).range.fromDay).toBe("2025-10-21");
    expect(strict({ from: "2025-10-20", to: "2026-11-24" })).toBe("the range has 401 days; at most 400 are counted");
    expect(strict({ from: "2000-01-01" })).toBe("the range has 9825 days; at most 400 are counted");
  });

  it("NUL, 10,000 characters, repeated parameters and non-strings: a notice that does not repeat them, and the default", () => {
    const hostile: unknown[] = [
      "2026-01-01\u0000",
      "\u0000",
      "9".repeat(10_000),
      ["2026-01-01", "2026-02-01"],
      ["2026-01-01"],
      42,
      true,
      { a: 1 },
      "<script>",
      "2026-01-01'; DROP TABLE x; --",
    ];
    for (const raw of hostile) {
      const r = page({ from: raw });
      expect(r.range, JSON.stringify(raw).slice(0, 40)).toMatchObject({ fromDay: DEFAULT[0], toDay: DEFAULT[1] });
      expect(r.notices).toEqual(["„Von“ ist kein gültiges Datum und wurde nicht übernommen."]);
      expect(strict({ to: raw })).toBe("--to must be a date YYYY-MM-DD");
    }
    // The command line's bare --from (no value) arrives as true.
    expect(strict({ from: true })).toBe("--from must be a date YYYY-MM-DD");
    // Both ends wrong: two notices, the default range.
    expect(page({ from: "0000-01-01", to: "x" })).toMatchObject({
      range: { fromDay: DEFAULT[0], toDay: DEFAULT[1] },
      notices: [
        "„Von“ liegt außerhalb des möglichen Zeitraums (01.01.2000 bis 24.11.2027) und wurde nicht übernommen.",
        "„Bis“ ist kein gültiges Datum und wurde nicht übernommen.",
      ],
    });
  });
});
