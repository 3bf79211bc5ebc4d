import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { workOne } from "@/lib/runtime/jobs/local-worker";
import { GOOD_BODY, historyOf, RED_BODY, seedAdmin, seedNewsroom } from "@/tests/release-fixtures";
import { unique } from "@/tests/factories";
import { KI, SCHEDULER } from "./history";
import { approveRelease, listCheckNeeded } from "./manual-review";
import { withdrawRelease } from "./moves";
import { publishRelease } from "./publish-release";
import { publishDueReleases } from "./publish-scheduled";
import { createRelease, updateRelease } from "./save-release";
import { submitRelease } from "./submit-release";

// Spec 3.1 / 4.7: the automatic path never publishes what needs a person, but a person's
// approval of a release with a future time lets the scheduler publish that approved text then.

const HOUR = 3_600_000;
const user = (id: number) => ({ type: "user" as const, userId: id });

async function drain() {
  while (await workOne()) {
    /* the review jobs run */
  }
}

/** A release whose last allowed automatic check was red: it waits under "check needed", to appear in an hour. */
/** The admin approves what the queue shows: the release's current review fingerprint. */
async function approve(releaseId: number, adminUserId: number) {
  const { reviewFingerprint } = await db.pressRelease.findUniqueOrThrow({ where: { id: releaseId } });
  return approveRelease({ releaseId, adminUserId, reviewFingerprint: reviewFingerprint! });
}

async function flaggedForLater() {
  const { owner, company } = await seedNewsroom();
  const admin = await seedAdmin();
  const at = new Date(Date.now() + HOUR);
  const release = await createRelease({
    companyId: company.id,
    portal: "business",
    language: "de",
    authorUserId: owner.id,
    content: { title: `WERK ${unique("x").toUpperCase()} GRATIS`, body: RED_BODY, location: "Berlin", contactName: "P", scheduledAt: at },
    actor: user(owner.id),
  });
  for (let i = 0; i < 3; i++) {
    await submitRelease({ releaseId: release.id, actor: user(owner.id) });
    await drain();
  }
  const flagged = await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } });
  expect([flagged.status, flagged.reviewFlaggedAt !== null]).toEqual(["in_review", true]);
  return { owner, admin, release: flagged, at };
}

const statusOf = async (id: number) => (await db.pressRelease.findUniqueOrThrow({ where: { id } })).status;

describe("an admin-approved release with a future time", () => {
  it("is scheduled, left alone before its time and published by the scheduler at its time", async () => {
    const { admin, release, at } = await flaggedForLater();
    expect(await approve(release.id, admin.id)).toEqual({ status: "scheduled" });
    expect((await listCheckNeeded()).map((r) => r.id)).not.toContain(release.id);

    expect((await publishDueReleases(new Date(at.getTime() - 60_000))).published).not.toContain(release.id);
    expect(await statusOf(release.id)).toBe("scheduled");

    const run = await publishDueReleases(new Date(at.getTime() + 60_000));
    expect(run.published).toContain(release.id);
    const published = await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } });
    expect([published.status, published.publishedEverAt !== null, published.contentHash]).toEqual(["published", true, release.contentHash]);
    expect((await historyOf(release.id)).slice(-2).map((h) => `${h.toStatus}:${h.actorType}:${h.outcome}`)).toEqual([
      "scheduled:admin:approved",
      "published:scheduler:published",
    ]);
  });

  it("goes back to a person when its text changes after the approval, and the scheduler waits for the new approval", async () => {
    const { owner, admin, release, at } = await flaggedForLater();
    await approve(release.id, admin.id);
    await updateRelease({
      releaseId: release.id,
      content: { title: release.title, body: `${GOOD_BODY}<p>Mit neuem Link.</p>`, location: "Berlin", contactName: "P", scheduledAt: at },
      actor: user(owner.id),
    });

    const changed = await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } });
    expect([changed.status, changed.manualQueueAt !== null, changed.approvedReviewFingerprint]).toEqual(["in_review", true, null]);
    expect((await listCheckNeeded()).map((r) => r.id)).toContain(release.id);
    // No automatic check for a release that needs a person.
    expect(
      await db.jobQueue.count({
        where: { name: "release/review", dedupeKey: { startsWith: `review:${release.id}:${changed.reviewFingerprint}:` } },
      }),
    ).toBe(0);
    expect((await publishDueReleases(new Date(at.getTime() + 60_000))).published).not.toContain(release.id);

    await approve(release.id, admin.id);
    expect((await publishDueReleases(new Date(at.getTime() + 60_000))).published).toContain(release.id);
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).contentHash).toBe(changed.contentHash);
  });

  it("after a withdrawal and resubmission needs a new approval, then publishes at its time", async () => {
    const { owner, admin, release, at } = await flaggedForLater();
    await approve(release.id, admin.id);
    await withdrawRelease({ releaseId: release.id, actor: user(owner.id) });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).approvedReviewFingerprint).toBeNull();

    await updateRelease({
      releaseId: release.id,
      content: { title: "Beispiel AG eröffnet neues Werk", body: GOOD_BODY, location: "Berlin", contactName: "P", scheduledAt: at },
      actor: user(owner.id),
    });
    expect(await submitRelease({ releaseId: release.id, actor: user(owner.id) })).toEqual({ toHuman: true });
    await drain();
    expect(await statusOf(release.id)).toBe("in_review");
    expect((await publishDueReleases(new Date(at.getTime() + 60_000))).published).not.toContain(release.id);

    expect(await approve(release.id, admin.id)).toEqual({ status: "scheduled" });
    expect((await publishDueReleases(new Date(at.getTime() + 60_000))).published).toContain(release.id);
    expect(await statusOf(release.id)).toBe("published");
  });

  it("is never published by the automatic path without a matching approval", async () => {
    const { admin, release, at } = await flaggedForLater();
    await approve(release.id, admin.id);
    // The check's actor may not use a person's approval, only the scheduler at the release's time.
    await expect(publishRelease({ releaseId: release.id, actor: KI, now: new Date(at.getTime() + 60_000) })).rejects.toMatchObject({
      code: "manual_review_required",
    });
    // A text that differs from the approved one (written behind the domain's back) is refused too.
    await db.pressRelease.update({ where: { id: release.id }, data: { approvedReviewFingerprint: "0".repeat(64) } });
    await expect(publishRelease({ releaseId: release.id, actor: SCHEDULER, now: new Date(at.getTime() + 60_000) })).rejects.toMatchObject({
      code: "manual_review_required",
    });
    expect((await publishDueReleases(new Date(at.getTime() + 60_000))).published).not.toContain(release.id);
    expect(await statusOf(release.id)).toBe("scheduled");
  });
});
