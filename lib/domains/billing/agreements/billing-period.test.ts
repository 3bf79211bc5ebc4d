import { describe, expect, it } from "vitest";
import { addBerlinMonths, berlinDay, berlinMonthLabel, berlinStartOfDay } from "./billing-period";
import { isDue, nextPeriodOf, packageLine } from "./invoice-agreement";

describe("billing periods in Berlin time", () => {
  it("a month from Berlin midnight is Berlin midnight a month later, across DST", () => {
    const march = berlinStartOfDay("2026-03-01")!;
    expect(march.toISOString()).toBe("2026-02-28T23:00:00.000Z");
    // 29 March 2026 Berlin switches to summer time: April starts at 22:00 UTC.
    expect(addBerlinMonths(march, 1).toISOString()).toBe("2026-03-31T22:00:00.000Z");
    expect(addBerlinMonths(berlinStartOfDay("2026-10-01")!, 1).toISOString()).toBe("2026-10-31T23:00:00.000Z");
    expect(addBerlinMonths(march, 12).toISOString()).toBe("2027-02-28T23:00:00.000Z");
    expect(addBerlinMonths(berlinStartOfDay("2026-12-01")!, 1).toISOString()).toBe("2026-12-31T23:00:00.000Z");
  });

  it("the 31st becomes the last day of a shorter month", () => {
    expect(berlinDay(addBerlinMonths(berlinStartOfDay("2026-01-31")!, 1))).toBe("2026-02-28");
    expect(berlinDay(addBerlinMonths(berlinStartOfDay("2028-01-31")!, 1))).toBe("2028-02-29");
  });

  it("refuses what is no calendar day", () => {
    for (const bad of ["2026-02-30", "2026-13-01", "26-01-01", "2026-1-1", "tomorrow", ""]) expect(berlinStartOfDay(bad)).toBeNull();
  });

  it("names the month in German", () => {
    expect(berlinMonthLabel(berlinStartOfDay("2026-03-01")!)).toBe("März 2026");
    // 23:30 UTC on 31 December is already January in Berlin.
    expect(berlinMonthLabel(new Date("2026-12-31T23:30:00Z"))).toBe("Januar 2027");
  });
});

describe("the invoice run's period rules", () => {
  const now = new Date("2026-05-10T04:30:00Z");
  it("due when the period ended or was never billed", () => {
    expect(isDue({ periodStart: new Date("2026-04-01"), periodEnd: new Date("2026-05-01") }, now)).toBe(true);
    expect(isDue({ periodStart: new Date("2026-05-01"), periodEnd: new Date("2026-06-01") }, now)).toBe(false);
    expect(isDue({ periodStart: null, periodEnd: null }, now)).toBe(true);
  });
  it("the next period starts at the old end, or now", () => {
    const end = berlinStartOfDay("2026-05-01")!;
    expect(nextPeriodOf({ periodStart: null, periodEnd: end }, now)).toEqual({
      periodStart: end,
      periodEnd: berlinStartOfDay("2026-06-01")!,
    });
    expect(nextPeriodOf({ periodStart: null, periodEnd: null }, now).periodStart).toEqual(now);
  });
  it("the line names the catalog plan, else the stored one", () => {
    const may = berlinStartOfDay("2026-05-01")!;
    expect(packageLine({ plan: "agency" }, may)).toBe("Paket Agentur – Mai 2026");
    expect(packageLine({ plan: "Premium Alt" }, may)).toBe("Paket Premium Alt – Mai 2026");
  });
});
