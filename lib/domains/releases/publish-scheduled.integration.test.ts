import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { COMMANDS } from "@/lib/adapters/console/commands";
import { workOne } from "@/lib/runtime/jobs/local-worker";
import { historyOf, seedCheckedRelease, seedNewsroom } from "@/tests/release-fixtures";
import { SCHEDULER } from "./history";
import { publishRelease } from "./publish-release";
import { publishDueReleases } from "./publish-scheduled";

const io = () => {
  const lines: string[] = [];
  return { lines, io: { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) } };
};
const PAST = new Date(Date.now() - 60_000);

describe("press-releases:publish-scheduled", () => {
  it("publishes due releases as the scheduler and skips those waiting for a person", async () => {
    const { owner, company } = await seedNewsroom();
    const due = await seedCheckedRelease(company.id, owner.id, { data: { status: "scheduled", scheduledAt: PAST } });
    const later = await seedCheckedRelease(company.id, owner.id, {
      data: { status: "scheduled", scheduledAt: new Date(Date.now() + 3_600_000) },
    });
    const human = await seedCheckedRelease(company.id, owner.id, {
      data: { status: "scheduled", scheduledAt: PAST, manualReviewRequiredAt: PAST },
    });

    const run = await publishDueReleases();
    expect(run.published).toContain(due.id);
    expect(run.published).not.toContain(later.id);
    expect(run.published).not.toContain(human.id);
    expect((await historyOf(due.id)).at(-1)).toMatchObject({ toStatus: "published", actorType: "scheduler" });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: human.id } })).status).toBe("scheduled");
  });

  it("a quota block exits 0 with one history entry, however often it runs", async () => {
    const { owner, company } = await seedNewsroom({ quota: 1 });
    await db.user.update({ where: { id: owner.id }, data: { pressReleaseQuotaUsed: 1 } });
    const release = await seedCheckedRelease(company.id, owner.id, { data: { status: "scheduled", scheduledAt: PAST } });
    const out = io();
    expect(await COMMANDS["press-releases:publish-scheduled"]!.run({ positional: [], flags: {} }, out.io)).toBe(0);
    expect(await COMMANDS["press-releases:publish-scheduled"]!.run({ positional: [], flags: {} }, out.io)).toBe(0);
    expect(out.lines.join("\n")).toContain(`release ${release.id}: quota_exceeded`);
    expect((await historyOf(release.id)).filter((h) => h.outcome === "quota_exceeded")).toHaveLength(1);
  });

  it("a technical failure fails the run, so the command exits non-zero", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id, { data: { status: "scheduled", scheduledAt: PAST } });
    // This test's own database breaks underneath the publish transaction.
    await db.$executeRawUnsafe(
      `CREATE FUNCTION fail_publish() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END; $$`,
    );
    await db.$executeRawUnsafe(
      `CREATE TRIGGER fail_publish BEFORE UPDATE ON press_releases FOR EACH ROW WHEN (NEW.status = 'published') EXECUTE FUNCTION fail_publish()`,
    );
    try {
      await expect(COMMANDS["press-releases:publish-scheduled"]!.run({ positional: [], flags: {} }, io().io)).rejects.toThrow(/disk full/);
      expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).status).toBe("scheduled");
    } finally {
      await db.$executeRawUnsafe("DROP TRIGGER fail_publish ON press_releases");
      await db.$executeRawUnsafe("DROP FUNCTION fail_publish()");
    }
  });

  it("a due release whose check is not of its current version goes back to review, gets its check and is published; it never waits scheduled for good", async () => {
    const { owner, company } = await seedNewsroom();
    // Scheduled, but its only check judged another version (discarded or never made for this one).
    const release = await seedCheckedRelease(company.id, owner.id, { stale: true, data: { status: "scheduled", scheduledAt: PAST } });
    const run = await publishDueReleases();
    expect(run.blocked).toContainEqual({ id: release.id, outcome: "stale_classification" });
    const back = await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } });
    expect(back.status).toBe("in_review");
    // The admin list filters by the search mirror's status: it knows the step back.
    expect((await db.pressReleaseSearch.findUniqueOrThrow({ where: { pressReleaseId: release.id } })).status).toBe("in_review");
    // Its step back is recorded, and no entry claims it still waits scheduled.
    const history = await historyOf(release.id);
    expect(history.at(-1)).toMatchObject({ fromStatus: "scheduled", toStatus: "in_review", outcome: "stale_classification" });
    expect(history.filter((h) => h.fromStatus === "scheduled" && h.toStatus === "scheduled")).toHaveLength(0);

    while (await workOne()) {
      /* the check it asked for runs */
    }
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).status).toBe("published");
  });

  it("a deleted or removed newsroom's due release is never published: the scheduler leaves it, and publish() refuses it", async () => {
    for (const gone of [{ deletedAt: new Date() }, { goneAt: new Date(), isActive: false }]) {
      const { owner, company } = await seedNewsroom();
      const release = await seedCheckedRelease(company.id, owner.id, { data: { status: "scheduled", scheduledAt: PAST } });
      // The newsroom as its deletion (or removal) leaves it; its releases keep their status.
      await db.company.update({ where: { id: company.id }, data: gone });
      const run = await publishDueReleases();
      expect(run.published).not.toContain(release.id);
      expect(run.blocked.map((b) => b.id)).not.toContain(release.id);
      await expect(publishRelease({ releaseId: release.id, actor: SCHEDULER })).rejects.toMatchObject({ code: "conflict" });
      const after = await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } });
      expect([after.status, after.publishedEverAt]).toEqual(["scheduled", null]);
      expect(await db.mailOutbox.count({ where: { to: owner.email, mailType: "published" } })).toBe(0);
    }
  });
});
