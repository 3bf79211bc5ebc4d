import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { confirmImageRights } from "@/lib/domains/release-images/confirm-image-rights";
import { workOne } from "@/lib/runtime/jobs/local-worker";
import { checkHealth, HEALTH_CHECKS } from "@/lib/adapters/operations/health";
import { quotaPeriodOf } from "@/lib/domains/releases/quota";
import { SWEEP_REQUEST_EVERY_MS } from "@/lib/domains/releases/request-check";
import type { TextClassifier } from "@/lib/domains/review/classifier";
import { deterministicClassifier } from "@/lib/domains/review/deterministic-classifier";
import { runAutomaticReview } from "@/lib/domains/review/run-review";
import { sweepReviews } from "@/lib/domains/review/sweep-reviews";
import { seedRelease, unique } from "./factories";
import { withLimits } from "./limits";
import { checkWithImages, GOOD_BODY, historyOf, RED_BODY, seedCheckedRelease, seedNewsroom } from "./release-fixtures";

// docs/operations.md "Health" and the check sweep: the automatic path heals itself. A check that
// never came is asked for again (once, however many sweeps run); a publication a business rule
// held up goes through once the rule lets it (a new month, a booking, the owner's confirmation).

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE);
const reviewJobs = (id: number) => db.jobQueue.findMany({ where: { name: "release/review", payload: { equals: { releaseId: id } } } });
const overdue = async () => (await checkHealth({ overdue: HEALTH_CHECKS.overdue! })).checks.overdue!;
const row = (id: number) => db.pressRelease.findUniqueOrThrow({ where: { id } });

/** A release that went into review 20 minutes ago and whose check was lost with its job. */
async function lostCheck(body = GOOD_BODY) {
  const { owner, company } = await seedNewsroom();
  return seedRelease({
    companyId: company.id,
    authorUserId: owner.id,
    status: "in_review",
    title: "Beispiel AG eröffnet neues Werk",
    body,
    location: "Berlin",
    contactName: "Pressestelle",
    contactEmail: "presse@beispiel.de",
    updatedAt: ago(20),
  });
}

describe("the check sweep", () => {
  it("asks once for the lost check of a release in review, whatever number of sweeps run at once; the service heals", async () => {
    const lost = await lostCheck();
    const fresh = await lostCheck();
    await db.pressRelease.update({ where: { id: fresh.id }, data: { updatedAt: new Date() } });
    expect((await overdue()).status).toBe("fail");

    const now = new Date();
    const runs = await Promise.all([sweepReviews(now), sweepReviews(now), sweepReviews(now)]);
    for (const run of runs) expect(run.requested).toContain(lost.id);
    expect(await reviewJobs(lost.id)).toHaveLength(1);
    // A release that just went into review is left to its own check.
    expect(await reviewJobs(fresh.id)).toHaveLength(0);
    // Later sweeps within the hour do not ask again (five minutes on, or the hour's last moment).
    const hourEnd = Math.ceil((now.getTime() + 1) / SWEEP_REQUEST_EVERY_MS) * SWEEP_REQUEST_EVERY_MS - 1;
    await sweepReviews(new Date(Math.min(now.getTime() + 5 * MINUTE, hourEnd)));
    expect(await reviewJobs(lost.id)).toHaveLength(1);

    // The queued check runs, publishes, and nothing is overdue any more.
    while (await workOne()) {
      /* drain the local queue */
    }
    expect((await row(lost.id)).status).toBe("published");
    await db.pressRelease.update({ where: { id: fresh.id }, data: { status: "draft" } });
    expect((await overdue()).status).toBe("ok");
    expect((await sweepReviews()).requested).not.toContain(lost.id);
  });

  it("a second job for the same version, running at once with the first, finds its routing and does nothing (no second attempt, no second mail)", async () => {
    const lost = await lostCheck(RED_BODY);
    await db.pressRelease.update({ where: { id: lost.id }, data: { automaticAttempts: 2, updatedAt: ago(20) } });
    await sweepReviews();
    // Both jobs (the one thought lost, and the sweep's) read the release before either routes it.
    let arrived = 0;
    let release!: () => void;
    const bothRead = new Promise<void>((r) => (release = r));
    const classifier: TextClassifier = {
      name: deterministicClassifier.name,
      async classify(input) {
        if (++arrived === 2) release();
        await bothRead;
        return deterministicClassifier.classify(input);
      },
    };
    const outcomes = await Promise.all([
      runAutomaticReview({ releaseId: lost.id, classifier }),
      runAutomaticReview({ releaseId: lost.id, classifier }),
    ]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(["discarded", "flagged_for_manual_check"]);
    const after = await row(lost.id);
    expect([after.automaticAttempts, after.reviewFlaggedAt !== null]).toEqual([3, true]);
    expect(await db.pressReleaseClassification.count({ where: { pressReleaseId: lost.id } })).toBe(1);
  });
});

describe("a publication a business rule held up", () => {
  /** Checked green 20 minutes ago, its publication refused by the quota the owner used up this month. */
  async function quotaBlocked() {
    const { owner, company } = await seedNewsroom({ quota: 1 });
    await db.user.update({
      where: { id: owner.id },
      data: { pressReleaseQuotaPeriod: quotaPeriodOf(new Date()), pressReleaseQuotaUsed: 1 },
    });
    const release = await seedCheckedRelease(company.id, owner.id);
    await db.pressReleaseClassification.updateMany({ where: { pressReleaseId: release.id }, data: { createdAt: ago(20) } });
    return { owner, company, release };
  }

  it("is tried again by the sweep: held while the quota is used up (one history entry, not one per run), published in the new month", async () => {
    const { release } = await quotaBlocked();
    const first = await sweepReviews();
    expect(first.blocked).toContainEqual({ id: release.id, outcome: "quota_exceeded" });
    await sweepReviews(new Date(Date.now() + 5 * MINUTE));
    expect((await historyOf(release.id)).filter((h) => h.outcome === "quota_exceeded")).toHaveLength(1);
    expect((await row(release.id)).status).toBe("in_review");

    const nextMonth = new Date(Date.now() + 32 * 24 * 60 * MINUTE);
    expect((await sweepReviews(nextMonth)).published).toContain(release.id);
    expect((await row(release.id)).status).toBe("published");
  });

  it("goes through once a booking raises the quota", async () => {
    const { owner, company, release } = await quotaBlocked();
    expect((await sweepReviews()).blocked).toContainEqual({ id: release.id, outcome: "quota_exceeded" });
    await db.userPaymentOption.create({
      data: { userId: owner.id, companyId: company.id, provider: "stripe", plan: "pro", monthlyReleaseQuota: 10, apiAccess: true },
    });
    expect((await sweepReviews()).published).toContain(release.id);
  });

  it("goes through once the owner confirms the image it waited for", async () => {
    await withLimits({ IMAGE_RIGHTS_V2: "true" }, async () => {
      const { owner, company } = await seedNewsroom();
      const release = await seedCheckedRelease(company.id, owner.id);
      const image = await db.pressReleaseImage.create({
        data: {
          pressReleaseId: release.id,
          bytesSha256: "d".repeat(64),
          metadataHash: "e".repeat(64),
          mimeType: "image/jpeg",
          width: 10,
          height: 10,
          sizeBytes: 100,
          displayPath: "x.jpg",
          rulesVersion: "r1",
          formVersion: "v2",
        },
      });
      await checkWithImages(release.id);
      await db.pressReleaseClassification.updateMany({ where: { pressReleaseId: release.id }, data: { createdAt: ago(20) } });
      expect((await sweepReviews()).blocked).toContainEqual({ id: release.id, outcome: "image_rights_confirmation_required" });

      await confirmImageRights({ imageId: image.id, userId: owner.id, confirmTextVersion: "img-confirm-v2", ip: "198.51.100.3" });
      expect((await sweepReviews()).published).toContain(release.id);
      expect((await row(release.id)).status).toBe("published");
    });
  });
});

describe("the sweep as one run among many", () => {
  /** Checked green 20 minutes ago, its publication held up until now (the quota was raised meanwhile). */
  async function publishable() {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id);
    await db.pressReleaseClassification.updateMany({ where: { pressReleaseId: release.id }, data: { createdAt: ago(20) } });
    return release;
  }

  it("a technical failure of one release is reported; the releases after it are swept all the same, the command exits 1", async () => {
    // This file's database fails for two releases: writing their history, queueing their check.
    await db.$executeRawUnsafe(`CREATE TABLE IF NOT EXISTS test_poisoned (id int PRIMARY KEY)`);
    for (const [table, id] of [
      ["press_release_history", "NEW.press_release_id"],
      ["job_queue", "(NEW.payload->>'releaseId')::int"],
    ]) {
      await db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION test_poison_${table}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        IF EXISTS (SELECT 1 FROM test_poisoned p WHERE p.id = ${id}) THEN RAISE EXCEPTION 'disk full'; END IF; RETURN NEW; END; $$`);
      await db.$executeRawUnsafe(
        `CREATE TRIGGER test_poison BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION test_poison_${table}()`,
      );
    }
    try {
      const brokenBlocked = await publishable();
      const blocked = await publishable();
      const brokenLost = await lostCheck();
      const lost = await lostCheck();
      await db.$executeRaw`INSERT INTO test_poisoned (id) VALUES (${brokenBlocked.id}), (${brokenLost.id})`;

      const run = await sweepReviews();
      expect(run.failed.map((f) => f.id).sort()).toEqual([brokenBlocked.id, brokenLost.id].sort());
      expect(run.failed[0]!.error).toMatch(/disk full/);
      expect(run.published).toContain(blocked.id);
      expect(run.requested).toContain(lost.id);
      expect((await row(blocked.id)).status).toBe("published");
      expect(await reviewJobs(lost.id)).toHaveLength(1);

      const lines: string[] = [];
      const { COMMANDS } = await import("@/lib/adapters/console/commands");
      expect(
        await COMMANDS["press-releases:sweep-reviews"]!.run(
          { positional: [], flags: {} },
          { out: (l) => lines.push(l), err: (l) => lines.push(l) },
        ),
      ).toBe(1);
      expect(lines.join("\n")).toContain(`release ${brokenBlocked.id}: failed`);
    } finally {
      for (const table of ["press_release_history", "job_queue"]) {
        await db.$executeRawUnsafe(`DROP TRIGGER test_poison ON ${table}`);
        await db.$executeRawUnsafe(`DROP FUNCTION test_poison_${table}()`);
      }
      await db.$executeRawUnsafe("DROP TABLE test_poisoned");
    }
  });

  it("sweeps publishing one release at once: one publication, and no entry claims the release still waits in review", async () => {
    for (let round = 0; round < 3; round++) {
      const release = await publishable();
      const now = new Date();
      await Promise.all([sweepReviews(now), sweepReviews(now), sweepReviews(now)]);
      const history = await historyOf(release.id);
      expect(history.filter((h) => h.toStatus === "published")).toHaveLength(1);
      expect(history.filter((h) => h.fromStatus === "in_review" && h.toStatus === "in_review")).toEqual([]);
    }
  });

  it("more than a batch of releases whose check never comes: each gets it asked for within two runs, the newest too", async () => {
    const newest = await lostCheck();
    // 500 more, all waiting longer than the newest (a classifier down for an hour).
    await db.$executeRaw`
      INSERT INTO press_releases (status, portal, language, slug, title, body, location, contact_name, contact_email, company_id, author_user_id, content_hash, review_fingerprint, updated_at)
      SELECT r.status, r.portal, r.language, r.slug || '-' || g, r.title, r.body, r.location, r.contact_name, r.contact_email, r.company_id, r.author_user_id, r.content_hash, r.review_fingerprint, ${ago(60)}::timestamptz - g * interval '1 second'
      FROM press_releases r, generate_series(1, 500) g WHERE r.id = ${newest.id}`;
    const waiting = (await db.pressRelease.findMany({ where: { companyId: newest.companyId }, select: { id: true } })).map((r) => r.id);
    expect(waiting).toHaveLength(501);

    const start = Date.now();
    await sweepReviews(new Date(start));
    await sweepReviews(new Date(start + 5 * MINUTE));
    const asked = await db.$queryRaw<
      { id: number }[]
    >`SELECT DISTINCT (payload->>'releaseId')::int AS id FROM job_queue WHERE name = 'release/review'`;
    const askedIds = new Set(asked.map((a) => a.id));
    expect(waiting.filter((id) => !askedIds.has(id))).toEqual([]);
  });
});

describe("the check of a version already checked in this round", () => {
  it("a second job after a publication the quota held up: no second classification, no red attempt", async () => {
    const { owner, company } = await seedNewsroom({ quota: 1 });
    await db.user.update({
      where: { id: owner.id },
      data: { pressReleaseQuotaPeriod: quotaPeriodOf(new Date()), pressReleaseQuotaUsed: 1 },
    });
    // A title of its own: the same text published by another newsroom is a red duplicate.
    const release = await seedRelease({
      companyId: company.id,
      authorUserId: owner.id,
      status: "in_review",
      title: `Beispiel AG eröffnet Werk ${unique("w")}`,
      body: GOOD_BODY,
      location: "Berlin",
      contactName: "Pressestelle",
      contactEmail: "presse@beispiel.de",
    });
    expect((await runAutomaticReview({ releaseId: release.id, classifier: deterministicClassifier })).outcome).toBe("publish_blocked");
    // The sweep's job for the same version arrives; a classifier that would now say red.
    const red: TextClassifier = {
      name: "test",
      classify: async () => ({
        result: "red",
        reasons: [{ code: "advertising", severity: "red", message: "Werbung." }],
        classifier: "test",
      }),
    };
    expect((await runAutomaticReview({ releaseId: release.id, classifier: red })).outcome).toBe("discarded");
    const after = await row(release.id);
    expect([after.status, after.automaticAttempts]).toEqual(["in_review", 0]);
    expect(await db.pressReleaseClassification.count({ where: { pressReleaseId: release.id } })).toBe(1);
    expect(await db.mailOutbox.count({ where: { to: owner.email, mailType: "rejected" } })).toBe(0);
  });
});

describe("a deleted or removed newsroom", () => {
  it("is left alone by the sweep and the check: nothing is published or checked", async () => {
    const { owner, company } = await seedNewsroom();
    const held = await seedCheckedRelease(company.id, owner.id);
    await db.pressReleaseClassification.updateMany({ where: { pressReleaseId: held.id }, data: { createdAt: ago(20) } });
    const lost = await seedRelease({
      companyId: company.id,
      authorUserId: owner.id,
      status: "in_review",
      title: "Beispiel AG eröffnet neues Werk",
      body: GOOD_BODY,
      location: "Berlin",
      contactName: "Pressestelle",
      updatedAt: ago(20),
    });
    await db.company.update({ where: { id: company.id }, data: { deletedAt: new Date() } });

    const run = await sweepReviews();
    expect(run.published).not.toContain(held.id);
    expect(run.requested).not.toContain(lost.id);
    expect((await runAutomaticReview({ releaseId: lost.id })).outcome).toBe("skipped");
    expect([(await row(held.id)).status, (await row(lost.id)).status]).toEqual(["in_review", "in_review"]);
    expect(await reviewJobs(lost.id)).toHaveLength(0);
  });
});
