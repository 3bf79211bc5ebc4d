import { describe, expect, it } from "vitest";
import { getCacheStore } from "@/lib/core/cache/store";
import { db } from "@/lib/core/db/client";
import { seedCompany, seedRelease } from "@/tests/factories";
import { aggregateViews, purgeEvents, WATERMARK_KEY } from "./aggregate-views";

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
