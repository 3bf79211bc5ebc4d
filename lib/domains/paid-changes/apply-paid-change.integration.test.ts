import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { seedRelease, unique } from "@/tests/factories";
import { GOOD_BODY, seedNewsroom } from "@/tests/release-fixtures";
import { contentHash } from "@/lib/domains/releases/content-hash";
import { SYSTEM } from "@/lib/domains/releases/history";
import { markReleaseGone } from "@/lib/domains/releases/tombstone";
import { applyPaid, PAID_CHANGE_PRECHECK } from "./apply-paid-change";
import { requestPaidChange } from "./request-paid-change";

const T0 = new Date("2026-11-01T09:00:00Z");
const NOW = new Date("2026-11-20T10:00:00Z");
const PAID = new Date("2026-11-20T10:05:00Z");
const later = (n: number) => new Date(NOW.getTime() + n * 60_000);
const CHANGED_BODY = GOOD_BODY.replace("250 Arbeitsplätze", "300 Arbeitsplätze");

async function published(data: Partial<Prisma.PressReleaseUncheckedCreateInput> = {}) {
  const { owner, company } = await seedNewsroom();
  const release = await seedRelease({
    companyId: company.id,
    authorUserId: owner.id,
    status: "published",
    publishedAt: T0,
    publishedEverAt: T0,
    contentChangedAt: T0,
    title: `Neues Werk ${unique("w")}`,
    body: GOOD_BODY,
    location: "Berlin",
    contactName: "Pressestelle",
    contactEmail: "presse@beispiel.de",
    ...data,
  });
  await db.pressReleaseClassification.create({
    data: {
      pressReleaseId: release.id,
      result: "green",
      reasons: [],
      contentHash: release.contentHash,
      reviewFingerprint: release.reviewFingerprint,
      classifier: "test",
      attempt: 0,
    },
  });
  return { owner, release };
}

/** A published release with a checked change waiting for payment. */
async function pendingChange(title?: string) {
  const { owner, release } = await published();
  const { changeId } = await requestPaidChange({
    userId: owner.id,
    releaseId: release.id,
    title: title ?? `${release.title} (aktualisiert)`,
    lead: "Mehr Arbeitsplätze als geplant",
    body: CHANGED_BODY,
    now: NOW,
  });
  return { owner, release, changeId };
}

const pay = (changeId: number, session = `cs_test_${unique("s")}`, now = later(5)) =>
  db.$transaction((tx) => applyPaid(tx, { changeId, checkoutSessionId: session, paidAt: PAID, now }));

describe("applyPaid (spec 4.5: the webhook applies the checked version at once)", () => {
  it("applies the change: new content and hashes, snapshot of the old text, content_changed_at, history, classification, mirror, cache tags, mail", async () => {
    const { owner, release, changeId } = await pendingChange();
    const invalidationsBefore = await db.publicCacheInvalidation.count();

    expect(await pay(changeId, "cs_test_applied")).toEqual({ outcome: "applied", releaseId: release.id });

    const after = await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } });
    expect([after.title, after.lead, after.body, after.status]).toEqual([
      `${release.title} (aktualisiert)`,
      "Mehr Arbeitsplätze als geplant",
      CHANGED_BODY,
      "published",
    ]);
    expect(after.contentHash).toBe(contentHash(after.title, CHANGED_BODY));
    expect(after.reviewFingerprint).not.toBe(release.reviewFingerprint);
    // The same hashes a save writes (the factory computes them as createRelease does).
    const asSaved = await seedRelease({
      companyId: release.companyId,
      title: after.title,
      lead: after.lead,
      body: after.body,
      location: "Berlin",
      contactName: "Pressestelle",
      contactEmail: "presse@beispiel.de",
    });
    expect([after.contentHash, after.reviewFingerprint]).toEqual([asSaved.contentHash, asSaved.reviewFingerprint]);
    expect(after.contentChangedAt).toEqual(later(5));
    expect(after.paidChangeUsedAt).toEqual(later(5));
    expect(after.publishedAt).toEqual(T0);

    const change = await db.pressReleaseChange.findUniqueOrThrow({ where: { id: changeId } });
    expect(change).toMatchObject({ status: "applied", appliedAt: later(5), paidAt: PAID, stripeCheckoutSessionId: "cs_test_applied" });
    expect(change.snapshot).toMatchObject({ title: release.title, lead: null, body: GOOD_BODY, contentHash: release.contentHash });

    const history = await db.pressReleaseHistory.findMany({ where: { pressReleaseId: release.id } });
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actorType, h.outcome, h.reason])).toEqual([
      ["published", "published", "system", "paid_change_applied", `change ${changeId}`],
    ]);

    // The text stays validly checked: the newest valid classification is the precheck, for the new fingerprint.
    const checks = await db.pressReleaseClassification.findMany({ where: { pressReleaseId: release.id }, orderBy: { id: "asc" } });
    expect(checks.map((c) => [c.classifier, c.discardedAt !== null])).toEqual([
      ["test", true],
      [PAID_CHANGE_PRECHECK, false],
    ]);
    expect(checks[1]).toMatchObject({ result: "green", reviewFingerprint: after.reviewFingerprint, contentHash: after.contentHash });

    expect((await db.pressReleaseSearch.findUniqueOrThrow({ where: { pressReleaseId: release.id } })).title).toBe(after.title);
    const invalidations = await db.publicCacheInvalidation.findMany({ orderBy: { id: "asc" }, skip: invalidationsBefore });
    expect(invalidations.map((i) => i.tags)).toContainEqual([`release:business:de:${release.slug}`, "portal:business"]);
    // A change rewrites what readers saw: the old page is never served again.
    expect(invalidations.every((i) => !i.additive)).toBe(true);
    const mails = await db.mailOutbox.findMany({ where: { to: owner.email, mailType: "press_release_change_applied" } });
    expect(mails).toHaveLength(1);
  });

  it("is idempotent: the same payment twice applies once (one history row, one mail)", async () => {
    const { owner, release, changeId } = await pendingChange();
    expect((await pay(changeId, "cs_test_twice")).outcome).toBe("applied");
    expect(await pay(changeId, "cs_test_twice")).toEqual({ outcome: "already_applied", releaseId: release.id });
    expect(await db.pressReleaseHistory.count({ where: { pressReleaseId: release.id } })).toBe(1);
    expect(await db.mailOutbox.count({ where: { to: owner.email, mailType: "press_release_change_applied" } })).toBe(1);
  });

  it("two deliveries of the payment at once: one applies, the other finds it applied", async () => {
    const { release, changeId } = await pendingChange();
    const results = await Promise.allSettled([pay(changeId, "cs_test_race"), pay(changeId, "cs_test_race")]);
    expect(results.map((r) => (r.status === "fulfilled" ? r.value.outcome : String(r.reason))).sort()).toEqual([
      "already_applied",
      "applied",
    ]);
    expect(await db.pressReleaseHistory.count({ where: { pressReleaseId: release.id } })).toBe(1);
  });

  it("a release tombstoned meanwhile: not applicable, the payment recorded on the change for a refund, the text untouched", async () => {
    const { release, changeId } = await pendingChange();
    await markReleaseGone({ releaseId: release.id, actor: SYSTEM, now: later(2) });
    expect(await pay(changeId, "cs_test_gone")).toEqual({ outcome: "not_applicable", releaseId: release.id });
    const change = await db.pressReleaseChange.findUniqueOrThrow({ where: { id: changeId } });
    expect(change).toMatchObject({ status: "pending_payment", paidAt: PAID, stripeCheckoutSessionId: "cs_test_gone", appliedAt: null });
    const after = await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } });
    expect([after.body, after.paidChangeUsedAt, after.contentChangedAt]).toEqual([GOOD_BODY, null, T0]);
    const entries = await db.activityLog.findMany({ where: { type: "change.payment_not_applied", subjectId: String(changeId) } });
    expect(entries.map((e) => e.reason)).toEqual(["release_gone"]);
    // A repeat of the same event records nothing twice.
    expect((await pay(changeId, "cs_test_gone")).outcome).toBe("not_applicable");
    expect(await db.activityLog.count({ where: { type: "change.payment_not_applied", subjectId: String(changeId) } })).toBe(1);
  });

  it("an expired change whose payment arrives anyway is still applied: the customer paid for it", async () => {
    const { release, changeId } = await pendingChange();
    await db.pressReleaseChange.update({ where: { id: changeId }, data: { status: "expired" } });
    expect((await pay(changeId, "cs_test_late", later(45))).outcome).toBe("applied");
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).body).toBe(CHANGED_BODY);
  });

  it("one change per release: after one applied, a second paid change is not applicable and no new request is accepted", async () => {
    const { owner, release, changeId } = await pendingChange();
    // The first change lapsed, a second was checked; both get paid.
    await db.pressReleaseChange.update({ where: { id: changeId }, data: { status: "expired" } });
    const second = await requestPaidChange({
      userId: owner.id,
      releaseId: release.id,
      title: release.title,
      body: GOOD_BODY.replace("40 junge", "50 junge"),
      now: later(40),
    });
    expect((await pay(second.changeId, "cs_test_second", later(41))).outcome).toBe("applied");
    expect((await pay(changeId, "cs_test_first", later(42))).outcome).toBe("not_applicable");
    const entries = await db.activityLog.findMany({ where: { type: "change.payment_not_applied", subjectId: String(changeId) } });
    expect(entries.map((e) => e.reason)).toEqual(["change_already_used"]);
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).body).toContain("50 junge");
    await expect(
      requestPaidChange({ userId: owner.id, releaseId: release.id, title: release.title, body: CHANGED_BODY, now: later(50) }),
    ).rejects.toMatchObject({
      code: "change_not_allowed",
      message: "Diese Pressemitteilung wurde bereits einmal geändert.",
    });
  });

  it("a second payment for the same change through another checkout is not applied again and is flagged for a refund", async () => {
    const { changeId } = await pendingChange();
    expect((await pay(changeId, "cs_test_one")).outcome).toBe("applied");
    expect((await pay(changeId, "cs_test_two")).outcome).toBe("not_applicable");
    const entries = await db.activityLog.findMany({ where: { type: "change.payment_not_applied", subjectId: String(changeId) } });
    expect(entries.map((e) => [e.reason, (e.metadata as { checkoutSessionId: string }).checkoutSessionId])).toEqual([
      ["second_payment", "cs_test_two"],
    ]);
  });

  it("a release corrected after the request is not overwritten by the older checked text", async () => {
    const { release, changeId } = await pendingChange();
    await db.pressRelease.update({
      where: { id: release.id },
      data: { body: `${GOOD_BODY}<p>Korrektur.</p>`, contentChangedAt: later(3) },
    });
    expect((await pay(changeId, "cs_test_corrected")).outcome).toBe("not_applicable");
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).body).toContain("Korrektur.");
  });

  it("a change that no longer exists answers not_applicable with the payment on record", async () => {
    expect(await pay(2_000_000_000, "cs_test_missing")).toEqual({ outcome: "not_applicable", releaseId: null });
    expect(await db.activityLog.count({ where: { type: "change.payment_not_applied", reason: "change_missing" } })).toBeGreaterThanOrEqual(
      1,
    );
  });
});
