import { afterEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { workOne } from "@/lib/runtime/jobs/local-worker";
import { approveRelease, listCheckNeeded, returnRelease } from "@/lib/domains/releases/manual-review";
import { createRelease, updateRelease } from "@/lib/domains/releases/save-release";
import { submitRelease } from "@/lib/domains/releases/submit-release";
import { unique } from "@/tests/factories";
import { GOOD_BODY, RED_BODY, historyOf, seedAdmin, seedNewsroom } from "@/tests/release-fixtures";
import { deterministicClassifier } from "./deterministic-classifier";
import { runAutomaticReview } from "./run-review";

const user = (id: number) => ({ type: "user" as const, userId: id });

// Titles are unique: the same text published by another newsroom is a red duplicate.
async function draft(companyId: number, authorUserId: number, body: string, title = `Beispiel AG eröffnet Werk ${unique("nr")}`) {
  return createRelease({
    companyId,
    portal: "business",
    language: "de",
    authorUserId,
    content: { title, body, location: "Berlin", contactName: "Pressestelle", contactEmail: "presse@beispiel.de" },
    actor: user(authorUserId),
  });
}

async function submitAndCheck(releaseId: number, actorId: number) {
  await submitRelease({ releaseId, actor: user(actorId) });
  while (await workOne()) {
    /* the review job runs */
  }
  return db.pressRelease.findUniqueOrThrow({ where: { id: releaseId } });
}

afterEach(() => {
  delete process.env.YELLOW_TO_MANUAL_QUEUE;
  resetConfigForTests();
});

describe("automatic check and routing (spec 3.1)", () => {
  it("green: submitted → check → route → published through the review job, check stored with its hash", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await draft(company.id, owner.id, GOOD_BODY);
    const after = await submitAndCheck(release.id, owner.id);
    expect(after.status).toBe("published");
    const check = await db.pressReleaseClassification.findFirstOrThrow({ where: { pressReleaseId: release.id } });
    expect([check.result, check.contentHash]).toEqual(["green", release.contentHash]);
    expect((await historyOf(release.id)).map((h) => `${h.toStatus}:${h.actorType}`)).toEqual([
      "draft:user",
      "in_review:user",
      "published:ki",
    ]);
  });

  it("red below max_automatic_attempts rejects and mails the author the reasons, the counter and the quality page", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await draft(company.id, owner.id, RED_BODY, "JETZT KAUFEN ALLES GRATIS");
    const after = await submitAndCheck(release.id, owner.id);
    expect([after.status, after.automaticAttempts]).toEqual(["rejected", 1]);
    const mail = await db.mailOutbox.findFirstOrThrow({ where: { to: owner.email, mailType: "rejected" } });
    expect(mail.text).toContain("Prüfung 1 von 3");
    expect(mail.text).toMatch(/\/quality/);
    expect(mail.text).toContain("Großbuchstaben");
    // The automatic change is in the activity log as "System" (no actor), with result and reason.
    const activity = await db.activityLog.findFirstOrThrow({
      where: { subjectType: "press_release", subjectId: String(release.id), result: "rejected" },
    });
    expect(activity.actorUserId).toBeNull();
    expect(activity.reason).toMatch(/^rejected: .*shouting/);
  });

  it("the last allowed red stays in review under 'check needed'; the admin's decision sends every later submission to a person", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await draft(company.id, owner.id, RED_BODY, "JETZT KAUFEN ALLES GRATIS");
    await submitAndCheck(release.id, owner.id);
    await submitAndCheck(release.id, owner.id);
    const third = await submitAndCheck(release.id, owner.id);
    expect([third.status, third.automaticAttempts, third.reviewFlaggedAt !== null]).toEqual(["in_review", 3, true]);
    const queue = await listCheckNeeded();
    const entry = queue.find((r) => r.id === release.id)!;
    expect(entry.classifications).toHaveLength(3);
    expect(entry.classifications[0]!.reasons).toEqual(expect.arrayContaining([expect.objectContaining({ code: "shouting" })]));

    const admin = await seedAdmin();
    await returnRelease({ releaseId: release.id, adminUserId: admin.id, comment: "Bitte sachlich formulieren." });
    const returned = await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } });
    expect(returned.status).toBe("rejected");
    expect(returned.manualReviewRequiredAt).not.toBeNull();
    expect((await db.mailOutbox.findFirstOrThrow({ where: { to: owner.email, subject: { contains: "Rückfrage" } } })).text).toContain(
      "Bitte sachlich formulieren.",
    );

    await updateRelease({
      releaseId: release.id,
      content: { title: "Beispiel AG eröffnet neues Werk", body: GOOD_BODY, location: "Berlin", contactName: "Pressestelle" },
      actor: user(owner.id),
    });
    const resubmitted = await submitAndCheck(release.id, owner.id);
    // No automatic check ran: a person decides.
    expect([resubmitted.status, resubmitted.manualQueueAt !== null]).toEqual(["in_review", true]);
    expect(await db.pressReleaseClassification.count({ where: { pressReleaseId: release.id, discardedAt: null } })).toBe(0);
    await approveRelease({
      releaseId: release.id,
      adminUserId: admin.id,
      reviewFingerprint: (await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).reviewFingerprint!,
    });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).status).toBe("published");
  });

  it("manual decisions need press-releases:publish", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await draft(company.id, owner.id, RED_BODY, "JETZT KAUFEN ALLES GRATIS");
    await db.pressRelease.update({ where: { id: release.id }, data: { status: "in_review", reviewFlaggedAt: new Date() } });
    const clerk = await seedAdmin([]);
    await expect(
      approveRelease({ releaseId: release.id, adminUserId: clerk.id, reviewFingerprint: release.reviewFingerprint! }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(returnRelease({ releaseId: release.id, adminUserId: owner.id, comment: "x" })).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(returnRelease({ releaseId: release.id, adminUserId: clerk.id, comment: "  " })).rejects.toMatchObject({
      code: "validation_failed",
    });
  });

  it("yellow goes to the manual queue only when yellow_to_manual_queue is on", async () => {
    const { owner, company } = await seedNewsroom();
    const yellowBody = GOOD_BODY.replace("Die Produktion", "Jetzt kaufen: Die Produktion");
    const off = await draft(company.id, owner.id, yellowBody, "Werk Nummer eins");
    expect((await submitAndCheck(off.id, owner.id)).status).toBe("published");

    process.env.YELLOW_TO_MANUAL_QUEUE = "true";
    resetConfigForTests();
    const on = await draft(company.id, owner.id, yellowBody, "Werk Nummer zwei");
    const after = await submitAndCheck(on.id, owner.id);
    expect([after.status, after.manualQueueAt !== null]).toEqual(["in_review", true]);
    expect((await db.pressReleaseClassification.findFirstOrThrow({ where: { pressReleaseId: on.id } })).result).toBe("yellow");
  });

  it("a future publication time moves a green release to scheduled", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await draft(company.id, owner.id, GOOD_BODY);
    await updateRelease({
      releaseId: release.id,
      content: {
        title: release.title,
        body: GOOD_BODY,
        location: "Berlin",
        contactName: "P",
        scheduledAt: new Date(Date.now() + 86_400_000),
      },
      actor: user(owner.id),
    });
    expect((await submitAndCheck(release.id, owner.id)).status).toBe("scheduled");
  });

  it("a check of text that changed meanwhile is discarded; a retried job never publishes twice", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await draft(company.id, owner.id, GOOD_BODY);
    await submitRelease({ releaseId: release.id, actor: user(owner.id) });
    // The customer saves new text while the classifier is still reading the old one.
    const slowClassifier = {
      name: "slow",
      async classify(input: Parameters<typeof deterministicClassifier.classify>[0]) {
        await updateRelease({
          releaseId: release.id,
          content: { title: release.title, body: GOOD_BODY + "<p>Neu.</p>", location: "Berlin", contactName: "P" },
          actor: user(owner.id),
        });
        return deterministicClassifier.classify(input);
      },
    };
    expect((await runAutomaticReview({ releaseId: release.id, classifier: slowClassifier })).outcome).toBe("discarded");
    expect(await db.pressReleaseClassification.count({ where: { pressReleaseId: release.id } })).toBe(0);
    // Saving the new text queued a check of its own.
    const newVersion = (await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).reviewFingerprint;
    expect(
      await db.jobQueue.count({ where: { name: "release/review", dedupeKey: { startsWith: `review:${release.id}:${newVersion}:` } } }),
    ).toBe(1);
    expect((await runAutomaticReview({ releaseId: release.id })).outcome).toBe("published");
    // The job retried after its step succeeded: the release is no longer in review.
    expect((await runAutomaticReview({ releaseId: release.id })).outcome).toBe("skipped");
    expect((await historyOf(release.id)).filter((h) => h.toStatus === "published")).toHaveLength(1);
  });

  it("a business block leaves the release in review with one history entry", async () => {
    const { owner, company } = await seedNewsroom({ quota: 1 });
    await db.user.update({ where: { id: owner.id }, data: { pressReleaseQuotaUsed: 1 } });
    const release = await draft(company.id, owner.id, GOOD_BODY);
    expect((await submitAndCheck(release.id, owner.id)).status).toBe("in_review");
    expect((await historyOf(release.id)).at(-1)).toMatchObject({ outcome: "quota_exceeded", actorType: "ki" });
  });

  it("content_changed_at moves only when the content changes", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await draft(company.id, owner.id, GOOD_BODY);
    const content = { title: release.title, body: GOOD_BODY, location: "Hamburg", contactName: "P" };
    const later = new Date(Date.now() + 60_000);
    const same = await updateRelease({ releaseId: release.id, content, actor: user(owner.id), now: later });
    expect([same.contentChanged, same.release.contentChangedAt]).toEqual([false, release.contentChangedAt]);
    const changed = await updateRelease({
      releaseId: release.id,
      content: { ...content, body: GOOD_BODY + "<p>Nachtrag.</p>" },
      actor: user(owner.id),
      now: later,
    });
    expect([changed.contentChanged, changed.release.contentChangedAt]).toEqual([true, later]);
  });
});
