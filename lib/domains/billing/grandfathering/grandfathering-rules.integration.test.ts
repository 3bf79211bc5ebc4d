import { describe, expect, it } from "vitest";
import { firstBerlinMonthStepAfter } from "@/lib/domains/billing/agreements/billing-period";
import { db } from "@/lib/core/db/client";
import { Prisma, type AgreementStatus, type PaymentProvider } from "@/lib/generated/prisma/client";
import { grandfatheringStage, grandfatheringStageSql, type GrandfatheringStage } from "./grandfathering-rules";

// The grandfathering rule is written twice: grandfatheringStage for rows read under their lock,
// grandfatheringStageSql for the queries of the expire run and the invoice run that find them.
// Both must answer alike for every row: here they meet the same rows, month ends, the 31st,
// daylight-saving days and times inside the hour Berlin skips or repeats included.

interface Row {
  status: AgreementStatus;
  provider: PaymentProvider;
  cancelAtPeriodEnd: boolean;
  grandfatheredUntil: Date | null;
  grandfatheringExpiredAt: Date | null;
  grandfatheringEndScheduledAt: Date | null;
  periodEnd: Date | null;
}

const at = (iso: string) => new Date(iso);
const PERIOD_ENDS = [
  null,
  at("2025-12-31T23:00:00Z"),
  at("2026-01-30T23:00:00Z"),
  at("2026-01-31T10:00:00Z"),
  at("2026-02-28T23:00:00Z"),
  at("2026-03-29T00:30:00Z"),
  at("2026-03-29T01:30:00Z"),
  at("2026-10-25T00:30:00Z"),
  at("2026-10-25T01:30:00Z"),
  at("2026-05-31T22:00:00Z"),
  at("2027-01-31T12:00:00Z"),
];
const UNTILS = [
  null,
  at("2026-02-28T23:00:00Z"),
  at("2026-03-01T00:00:00Z"),
  at("2026-03-30T22:00:00Z"),
  at("2026-06-15T12:00:00Z"),
  at("2026-12-31T23:00:00Z"),
];
const NOWS = [
  at("2026-02-10T03:15:00Z"),
  at("2026-03-31T22:00:00Z"),
  at("2026-04-01T02:15:00Z"),
  at("2026-07-01T02:15:00Z"),
  at("2027-06-01T02:15:00Z"),
];
const KINDS: Pick<Row, "status" | "provider" | "cancelAtPeriodEnd" | "grandfatheringExpiredAt" | "grandfatheringEndScheduledAt">[] = [
  { status: "active", provider: "manual", cancelAtPeriodEnd: false, grandfatheringExpiredAt: null, grandfatheringEndScheduledAt: null },
  {
    status: "active",
    provider: "stripe",
    cancelAtPeriodEnd: true,
    grandfatheringExpiredAt: null,
    grandfatheringEndScheduledAt: at("2026-01-01T00:00:00Z"),
  },
  {
    status: "cancelled",
    provider: "stripe",
    cancelAtPeriodEnd: true,
    grandfatheringExpiredAt: null,
    grandfatheringEndScheduledAt: at("2026-01-01T00:00:00Z"),
  },
  { status: "cancelled", provider: "stripe", cancelAtPeriodEnd: true, grandfatheringExpiredAt: null, grandfatheringEndScheduledAt: null },
  { status: "cancelled", provider: "manual", cancelAtPeriodEnd: false, grandfatheringExpiredAt: null, grandfatheringEndScheduledAt: null },
  { status: "past_due", provider: "stripe", cancelAtPeriodEnd: false, grandfatheringExpiredAt: null, grandfatheringEndScheduledAt: null },
  {
    status: "active",
    provider: "manual",
    cancelAtPeriodEnd: false,
    grandfatheringExpiredAt: at("2026-01-05T00:00:00Z"),
    grandfatheringEndScheduledAt: null,
  },
];

async function sqlStages(rows: Row[], now: Date): Promise<GrandfatheringStage[]> {
  const values = Prisma.join(
    rows.map(
      (r, i) =>
        Prisma.sql`(${i}::int, ${r.status}::text, ${r.provider}::text, ${r.cancelAtPeriodEnd}::boolean, ${r.grandfatheredUntil}::timestamptz, ${r.grandfatheringExpiredAt}::timestamptz, ${r.grandfatheringEndScheduledAt}::timestamptz, ${r.periodEnd}::timestamptz)`,
    ),
  );
  const out = await db.$queryRaw<{ i: number; stage: GrandfatheringStage }[]>`
    SELECT i, ${grandfatheringStageSql(now)} AS stage
    FROM (VALUES ${values}) AS user_payment_options (i, status, provider, cancel_at_period_end, grandfathered_until, grandfathering_expired_at, grandfathering_end_scheduled_at, period_end)
    ORDER BY i`;
  return out.map((r) => r.stage);
}

describe("grandfatheringStage and grandfatheringStageSql", () => {
  it("agree on every combination of status, period end, end date and time", async () => {
    const rows: Row[] = KINDS.flatMap((k) =>
      PERIOD_ENDS.flatMap((periodEnd) => UNTILS.map((grandfatheredUntil) => ({ ...k, periodEnd, grandfatheredUntil }))),
    );
    const seen = new Set<GrandfatheringStage>();
    for (const now of NOWS) {
      const sql = await sqlStages(rows, now);
      const ts = rows.map((r) => grandfatheringStage(r, now));
      const differing = rows.flatMap((r, i) => (sql[i] === ts[i] ? [] : [{ now, row: r, sql: sql[i], ts: ts[i] }]));
      expect(differing).toEqual([]);
      for (const s of ts) seen.add(s);
    }
    // The grid reaches every stage, so the comparison means something.
    expect([...seen].sort()).toEqual(["last_period", "none", "over", "running"]);
  });

  it("the boundary is counted by the calendar from the period end: terms until 1 March, billed up to 1 January, end on 1 April", () => {
    const berlinMidnight = (iso: string) => new Date(`${iso}T00:00:00+01:00`);
    expect(firstBerlinMonthStepAfter(berlinMidnight("2026-01-01"), berlinMidnight("2026-03-01"))).toEqual(new Date("2026-03-31T22:00:00Z"));
    // A period end after the end date is the boundary itself; the 31st steps to the last day of shorter months.
    expect(firstBerlinMonthStepAfter(berlinMidnight("2026-07-01"), berlinMidnight("2026-03-01"))).toEqual(berlinMidnight("2026-07-01"));
    expect(firstBerlinMonthStepAfter(new Date("2026-01-31T11:00:00Z"), new Date("2026-02-27T00:00:00Z"))).toEqual(
      new Date("2026-02-28T11:00:00Z"),
    );
  });
});
