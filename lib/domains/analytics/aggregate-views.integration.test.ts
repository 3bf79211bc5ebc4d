import { describe, expect, it } from "vitest";
import { getCacheStore } from "@/lib/core/cache/store";
import { db } from "@/lib/core/db/client";
import { seedCompany, seedRelease } from "@/tests/factories";
import { seedEvents, times } from "@/tests/reach-fixtures";
import { aggregateViews, lastAggregationAt, purgeEvents, WATERMARK_KEY } from "./aggregate-views";

async function setup(views: number) {
  const company = await seedCompany();
  const release = await seedRelease({ companyId: company.id, status: "published", publishedAt: new Date() });
  const updatedAt = (await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).updatedAt;
  await db.pressReleaseEvent.createMany({
    data: Array.from({ length: views }, (_, i) => ({
      pressReleaseId: release.id,
      type: i % 5 === 4 ? ("share" as const) : ("view" as const),
      channel: i % 5 === 4 ? "email" : null,
    })),
  });
  return { release, updatedAt };
}
const hitsOf = async (id: number) => (await db.pressRelease.findUniqueOrThrow({ where: { id } })).hits;
const watermark = async () => (await db.appState.findUnique({ where: { key: WATERMARK_KEY } }))?.value;
const maxEventId = async () => Number((await db.pressReleaseEvent.aggregate({ _max: { id: true } }))._max.id);

/** The reach counts of a release as "day metric count" lines (days YYYY-MM-DD), in order. */
async function dailyOf(pressReleaseId: number): Promise<string[]> {
  const rows = await db.$queryRaw<{ day: string; metric: string; count: number }[]>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, metric, count FROM release_daily_counts
    WHERE press_release_id = ${pressReleaseId} ORDER BY day, metric`;
  return rows.map((r) => `${r.day} ${r.metric} ${r.count}`);
}
async function monthlyOf(pressReleaseId: number): Promise<string[]> {
  const rows = await db.$queryRaw<{ month: string; metric: string; count: number }[]>`
    SELECT to_char(month, 'YYYY-MM-DD') AS month, metric, count FROM release_monthly_counts
    WHERE press_release_id = ${pressReleaseId} ORDER BY month, metric`;
  return rows.map((r) => `${r.month} ${r.metric} ${r.count}`);
}
/** A published release, after booking whatever events earlier tests left, so a run's figures are this test's. */
async function publishedRelease() {
  await aggregateViews();
  const company = await seedCompany();
  return seedRelease({ companyId: company.id, status: "published", publishedAt: new Date("2026-01-01T00:00:00Z") });
}

describe("views aggregation", () => {
  it("books views into hits with the watermark, never touching updated_at; a second run books nothing twice", async () => {
    const { release, updatedAt } = await setup(50);
    const result = await aggregateViews({ batchSize: 7 });
    expect(result).toMatchObject({ outcome: "done", events: 40 });
    expect(await hitsOf(release.id)).toBe(40);
    expect(await watermark()).toBe(await maxEventId());
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).updatedAt).toEqual(updatedAt);
    expect(await aggregateViews()).toMatchObject({ outcome: "done", events: 0 });
    expect(await hitsOf(release.id)).toBe(40);
  });

  it("a concurrent second run aborts on the lock", async () => {
    const { release } = await setup(10);
    let release1!: () => void;
    const holding = new Promise<void>((r) => (release1 = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const first = aggregateViews({
      beforeCommit: async () => {
        entered();
        await holding;
      },
    });
    await inside;
    expect(await aggregateViews()).toEqual({ outcome: "aborted", reason: "locked", events: 0 });
    release1();
    expect(await first).toMatchObject({ outcome: "done" });
    expect(await hitsOf(release.id)).toBeGreaterThanOrEqual(8);
  });

  it("a crash between counters and watermark loses and double-counts nothing", async () => {
    const { release } = await setup(10);
    const before = await hitsOf(release.id);
    const mark = await watermark();
    await expect(
      aggregateViews({
        beforeCommit: async () => {
          throw new Error("process killed");
        },
      }),
    ).rejects.toThrow("process killed");
    expect([await hitsOf(release.id), await watermark()]).toEqual([before, mark]);
    expect(await aggregateViews()).toMatchObject({ outcome: "done", events: 8 });
    expect(await hitsOf(release.id)).toBe(before + 8);
  });

  it("aborts on a lost lock or a watermark it did not expect", async () => {
    const { release } = await setup(20);
    const lost = await aggregateViews({ batchSize: 5, afterBatch: async () => getCacheStore().del("lock:aggregate-views") });
    expect(lost).toMatchObject({ outcome: "aborted", reason: "lock_lost" });
    const afterFirst = await hitsOf(release.id);
    const moved = await aggregateViews({
      batchSize: 5,
      afterBatch: async () => {
        await db.$executeRaw`UPDATE app_state SET value = to_jsonb(((value)::text::bigint) + 1) WHERE key = ${WATERMARK_KEY}`;
      },
    });
    expect(moved).toMatchObject({ outcome: "aborted", reason: "watermark_moved" });
    expect(await hitsOf(release.id)).toBeGreaterThan(afterFirst);
  });

  it("books shares per channel and mail clicks into the Berlin day and month they happened in, midnight and month end included", async () => {
    const release = await publishedRelease();
    // Winter time: Berlin is UTC+1, so 23:00 UTC on 31 January is midnight of 1 February there.
    await seedEvents(release.id, [
      { type: "view", at: new Date("2026-01-31T22:59:59.999Z") },
      { type: "share", channel: "linkedin", at: new Date("2026-01-31T22:30:00Z") },
      { type: "share", channel: "x", at: new Date("2026-01-31T23:00:00Z") },
      { type: "share", channel: "x", at: new Date("2026-02-01T10:00:00Z") },
      { type: "mail_click", at: new Date("2026-01-31T23:00:00.001Z") },
      { type: "share", channel: null, at: new Date("2026-02-01T12:00:00Z") },
      // Summer time: UTC+2, so 22:30 UTC on 31 May is already 1 June.
      { type: "view", at: new Date("2026-05-31T22:30:00Z") },
      { type: "share", channel: "copy_link", at: new Date("2026-05-31T21:59:00Z") },
    ]);
    expect(await aggregateViews({ batchSize: 3 })).toMatchObject({ outcome: "done", events: 2 });
    expect(await dailyOf(release.id)).toEqual([
      "2026-01-31 share:linkedin 1",
      "2026-01-31 view 1",
      "2026-02-01 mail_click 1",
      "2026-02-01 share:unknown 1",
      "2026-02-01 share:x 2",
      "2026-05-31 share:copy_link 1",
      "2026-06-01 view 1",
    ]);
    expect(await monthlyOf(release.id)).toEqual([
      "2026-01-01 share:linkedin 1",
      "2026-01-01 view 1",
      "2026-02-01 mail_click 1",
      "2026-02-01 share:unknown 1",
      "2026-02-01 share:x 2",
      "2026-05-01 share:copy_link 1",
      "2026-06-01 view 1",
    ]);
    expect(await hitsOf(release.id)).toBe(2);
  });

  it("a crash before the commit books no counts, and the next run books each event once", async () => {
    const release = await publishedRelease();
    await seedEvents(release.id, [
      ...times(3, { type: "view", at: new Date("2026-03-02T08:00:00Z") }),
      ...times(2, { type: "share", channel: "email", at: new Date("2026-03-02T09:00:00Z") }),
      { type: "mail_click", at: new Date("2026-03-03T09:00:00Z") },
    ]);
    await expect(
      aggregateViews({
        beforeCommit: async () => {
          throw new Error("process killed");
        },
      }),
    ).rejects.toThrow("process killed");
    expect([await dailyOf(release.id), await monthlyOf(release.id), await hitsOf(release.id)]).toEqual([[], [], 0]);
    expect(await aggregateViews()).toMatchObject({ outcome: "done", events: 3 });
    expect(await aggregateViews()).toMatchObject({ outcome: "done", events: 0 });
    expect(await dailyOf(release.id)).toEqual(["2026-03-02 share:email 2", "2026-03-02 view 3", "2026-03-03 mail_click 1"]);
    expect(await monthlyOf(release.id)).toEqual(["2026-03-01 mail_click 1", "2026-03-01 share:email 2", "2026-03-01 view 3"]);
  });

  it("daily sums equal monthly sums, and their views equal hits, however the batches cut the events", async () => {
    const releases = [await publishedRelease(), await publishedRelease()];
    const start = Date.parse("2026-02-20T00:00:00Z");
    for (const [i, release] of releases.entries()) {
      // 23 days across a month end, a few events an hour apart each day, every kind.
      await seedEvents(
        release.id,
        Array.from({ length: 120 + i * 17 }, (_, k) => ({
          type: (["view", "view", "share", "view", "mail_click"] as const)[k % 5]!,
          channel: k % 5 === 2 ? (["linkedin", "x", "email", "copy_link"] as const)[k % 4] : null,
          at: new Date(start + k * 4.6 * 3_600_000),
        })),
      );
    }
    await aggregateViews({ batchSize: 7 });
    for (const release of releases) {
      const [sums] = await db.$queryRaw<{ daily: number; monthly: number; daily_views: number; monthly_views: number }[]>`
        SELECT (SELECT sum(count)::int FROM release_daily_counts WHERE press_release_id = ${release.id}) AS daily,
               (SELECT sum(count)::int FROM release_monthly_counts WHERE press_release_id = ${release.id}) AS monthly,
               (SELECT sum(count)::int FROM release_daily_counts WHERE press_release_id = ${release.id} AND metric = 'view') AS daily_views,
               (SELECT sum(count)::int FROM release_monthly_counts WHERE press_release_id = ${release.id} AND metric = 'view') AS monthly_views`;
      const events = await db.pressReleaseEvent.count({ where: { pressReleaseId: release.id } });
      const views = await db.pressReleaseEvent.count({ where: { pressReleaseId: release.id, type: "view" } });
      expect(sums).toEqual({ daily: events, monthly: events, daily_views: views, monthly_views: views });
      expect(await hitsOf(release.id)).toBe(views);
    }
  });

  it("stamps the time of its last run once nothing is left to book", async () => {
    await aggregateViews();
    const first = await lastAggregationAt();
    await new Promise((r) => setTimeout(r, 20));
    expect(await aggregateViews()).toMatchObject({ outcome: "done", events: 0 });
    expect((await lastAggregationAt())!.getTime()).toBeGreaterThan(first!.getTime());
  });

  it("purge-events deletes only booked events older than 395 days and aborts without a watermark", async () => {
    await db.appState.deleteMany({ where: { key: WATERMARK_KEY } });
    await expect(purgeEvents()).rejects.toThrow(/watermark missing/);
    const { release } = await setup(4);
    await aggregateViews();
    const old = new Date(Date.now() - 400 * 86_400_000);
    const unbooked = await db.pressReleaseEvent.create({ data: { pressReleaseId: release.id, type: "view" } });
    // Backdate this test's events (append-only: the trigger is paused in this test's own database).
    await db.$executeRaw`ALTER TABLE press_release_events DISABLE TRIGGER press_release_events_append_only`;
    await db.$executeRaw`UPDATE press_release_events SET created_at = ${old} WHERE press_release_id = ${release.id}`;
    await db.$executeRaw`ALTER TABLE press_release_events ENABLE TRIGGER press_release_events_append_only`;
    const { deleted } = await purgeEvents();
    expect(deleted).toBe(4);
    expect(await db.pressReleaseEvent.count({ where: { id: unbooked.id } })).toBe(1);
  });
});
