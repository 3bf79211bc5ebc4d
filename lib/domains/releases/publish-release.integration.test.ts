import { afterEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import {
  ImageRightsConfirmationRequiredException,
  ManualReviewRequiredException,
  QuotaExceededException,
  StaleClassificationException,
} from "@/lib/core/errors/errors";
import { seedRelease } from "@/tests/factories";
import { checkWithImages, historyOf, seedAdmin, seedCheckedRelease, seedNewsroom } from "@/tests/release-fixtures";
import { KI, SCHEDULER } from "./history";
import { publishRelease } from "./publish-release";
import { effectiveQuotaUsed, quotaPeriodOf } from "./quota";

const NOW = new Date("2026-11-20T10:00:00Z");

afterEach(() => {
  delete process.env.CANONICAL_ASSIGNMENT_ENABLED;
  resetConfigForTests();
});

describe("publish() preconditions of spec 3.1", () => {
  it("publishes with a matching green check: published_ever_at, quota, history, mirror and cache invalidation in one go", async () => {
    const { owner, company } = await seedNewsroom({ quota: 5 });
    const release = await seedCheckedRelease(company.id, owner.id);
    const before = await db.publicCacheInvalidation.count();

    await publishRelease({ releaseId: release.id, actor: KI, now: NOW });

    const after = await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } });
    expect(after.status).toBe("published");
    expect(after.publishedEverAt).toEqual(NOW);
    expect(after.publishedAt).toEqual(NOW);
    const user = await db.user.findUniqueOrThrow({ where: { id: owner.id } });
    expect(user.pressReleaseQuotaUsed).toBe(1);
    expect(user.pressReleaseQuotaPeriod).toBe("2026-11");
    expect((await historyOf(release.id)).map((h) => [h.toStatus, h.actorType])).toEqual([["published", "ki"]]);
    // Its page and its portal's lists, not the whole cache.
    const invalidations = await db.publicCacheInvalidation.findMany({ orderBy: { id: "asc" }, skip: before });
    expect(invalidations.map((i) => i.tags)).toEqual([[`release:business:de:${release.slug}`, "portal:business"]]);
    // A publication only adds: pages from before it may still be served while a render fails.
    expect(invalidations.map((i) => i.additive)).toEqual([true]);
    expect((await db.pressReleaseSearch.findUniqueOrThrow({ where: { pressReleaseId: release.id } })).status).toBe("published");
  });

  it("refuses a stale check with StaleClassificationException and schedules a new check", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id, { stale: true });
    await expect(publishRelease({ releaseId: release.id, actor: KI, now: NOW })).rejects.toBeInstanceOf(StaleClassificationException);
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).status).toBe("in_review");
    const queued = await db.jobQueue.findMany({ where: { name: "release/review" } });
    expect(queued.some((j) => (j.payload as { releaseId: number }).releaseId === release.id)).toBe(true);
  });

  it("a release without any check is stale for the scheduler too", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedRelease({ companyId: company.id, authorUserId: owner.id, status: "scheduled" });
    await expect(publishRelease({ releaseId: release.id, actor: SCHEDULER, now: NOW })).rejects.toBeInstanceOf(
      StaleClassificationException,
    );
  });

  it("leaves the release in review when the quota is used up; an admin publishes after the warning", async () => {
    const { owner, company } = await seedNewsroom({ quota: 1 });
    await db.user.update({ where: { id: owner.id }, data: { pressReleaseQuotaPeriod: "2026-11", pressReleaseQuotaUsed: 1 } });
    const release = await seedCheckedRelease(company.id, owner.id);
    const admin = await seedAdmin();

    await expect(publishRelease({ releaseId: release.id, actor: KI, now: NOW })).rejects.toBeInstanceOf(QuotaExceededException);
    await expect(publishRelease({ releaseId: release.id, actor: { type: "admin", userId: admin.id }, now: NOW })).rejects.toBeInstanceOf(
      QuotaExceededException,
    );
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).status).toBe("in_review");

    await publishRelease({ releaseId: release.id, actor: { type: "admin", userId: admin.id }, acknowledgeQuotaWarning: true, now: NOW });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).status).toBe("published");
    expect((await db.user.findUniqueOrThrow({ where: { id: owner.id } })).pressReleaseQuotaUsed).toBe(2);
  });

  it("counts an earlier month's usage as zero and a NULL period as this month", async () => {
    expect(effectiveQuotaUsed({ pressReleaseQuotaPeriod: "2026-10", pressReleaseQuotaUsed: 9 }, NOW)).toBe(0);
    expect(effectiveQuotaUsed({ pressReleaseQuotaPeriod: null, pressReleaseQuotaUsed: 3 }, NOW)).toBe(3);
    // The month turns at midnight in Berlin, not in UTC.
    expect(quotaPeriodOf(new Date("2026-11-30T23:30:00Z"))).toBe("2026-12");

    const { owner, company } = await seedNewsroom({ quota: 1 });
    await db.user.update({ where: { id: owner.id }, data: { pressReleaseQuotaPeriod: "2026-10", pressReleaseQuotaUsed: 1 } });
    const release = await seedCheckedRelease(company.id, owner.id);
    await publishRelease({ releaseId: release.id, actor: KI, now: NOW });
    const user = await db.user.findUniqueOrThrow({ where: { id: owner.id } });
    expect([user.pressReleaseQuotaPeriod, user.pressReleaseQuotaUsed]).toEqual(["2026-11", 1]);

    const { owner: o2, company: c2 } = await seedNewsroom({ quota: 1 });
    await db.user.update({ where: { id: o2.id }, data: { pressReleaseQuotaPeriod: null, pressReleaseQuotaUsed: 1 } });
    const r2 = await seedCheckedRelease(c2.id, o2.id);
    await expect(publishRelease({ releaseId: r2.id, actor: KI, now: NOW })).rejects.toBeInstanceOf(QuotaExceededException);
  });

  it("refuses automatic actors when manual_review_required_at is set; an admin may publish", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id, { data: { manualReviewRequiredAt: NOW } });
    await expect(publishRelease({ releaseId: release.id, actor: KI, now: NOW })).rejects.toBeInstanceOf(ManualReviewRequiredException);
    await expect(publishRelease({ releaseId: release.id, actor: SCHEDULER, now: NOW })).rejects.toBeInstanceOf(
      ManualReviewRequiredException,
    );
    const admin = await seedAdmin();
    await publishRelease({ releaseId: release.id, actor: { type: "admin", userId: admin.id }, now: NOW });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).status).toBe("published");
  });

  it("needs a confirmation of every v2 image bound to its current bytes", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id);
    const image = await db.pressReleaseImage.create({
      data: {
        pressReleaseId: release.id,
        bytesSha256: "a".repeat(64),
        metadataHash: "b".repeat(64),
        mimeType: "image/jpeg",
        width: 10,
        height: 10,
        sizeBytes: 100,
        displayPath: "x.jpg",
        rulesVersion: "r1",
        formVersion: "v2",
      },
    });
    // The check saw the image (it is part of the version checked); only its confirmation is missing.
    await checkWithImages(release.id);
    const confirm = (sha: string) =>
      db.imageRightsConfirmation.create({
        data: {
          subjectType: "press_release",
          subjectId: release.id,
          imageId: image.id,
          imageSha256: sha,
          legalTextKey: "img-confirm-v2",
          ipHmac: "h",
          ipHmacKeyVersion: 1,
          source: "form",
        },
      });
    await confirm("c".repeat(64)); // for other bytes: does not count
    await expect(publishRelease({ releaseId: release.id, actor: KI, now: NOW })).rejects.toBeInstanceOf(
      ImageRightsConfirmationRequiredException,
    );
    await confirm("a".repeat(64));
    await publishRelease({ releaseId: release.id, actor: KI, now: NOW });
    expect((await db.pressReleaseImage.findUniqueOrThrow({ where: { id: image.id } })).publishedEverAt).toEqual(NOW);
  });
});

describe("two copies, one canonical", () => {
  it("the first published copy is the first source; the later copy points to it", async () => {
    const { owner, company } = await seedNewsroom({ portal: "both" });
    const title = "Gemeinsame Meldung für beide Portale";
    const tech = await seedCheckedRelease(company.id, owner.id, { data: { portal: "tech", title } });
    const business = await seedCheckedRelease(company.id, owner.id, { data: { portal: "business", title } });
    expect(tech.contentHash).toBe(business.contentHash);

    expect(await publishRelease({ releaseId: tech.id, actor: KI, now: NOW })).toEqual({ canonicalPressReleaseId: null });
    expect(await publishRelease({ releaseId: business.id, actor: KI, now: new Date(NOW.getTime() + 1000) })).toEqual({
      canonicalPressReleaseId: tech.id,
    });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: business.id } })).canonicalPressReleaseId).toBe(tech.id);
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: tech.id } })).canonicalPressReleaseId).toBeNull();
  });

  it("assigns nothing when CANONICAL_ASSIGNMENT_ENABLED is off", async () => {
    process.env.CANONICAL_ASSIGNMENT_ENABLED = "false";
    resetConfigForTests();
    const { owner, company } = await seedNewsroom({ portal: "both" });
    const title = "Meldung ohne Zuordnung";
    const a = await seedCheckedRelease(company.id, owner.id, { data: { portal: "tech", title } });
    const b = await seedCheckedRelease(company.id, owner.id, { data: { portal: "business", title } });
    await publishRelease({ releaseId: a.id, actor: KI, now: NOW });
    expect(await publishRelease({ releaseId: b.id, actor: KI, now: NOW })).toEqual({ canonicalPressReleaseId: null });
  });
});

describe("concurrent publish()", () => {
  it("the same release published twice at once: exactly one wins, quota is taken once", async () => {
    const { owner, company } = await seedNewsroom({ quota: 5 });
    const release = await seedCheckedRelease(company.id, owner.id);
    const results = await Promise.allSettled([
      publishRelease({ releaseId: release.id, actor: KI, now: NOW }),
      publishRelease({ releaseId: release.id, actor: SCHEDULER, now: NOW }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const loser = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(loser.reason.code).toBe("conflict");
    expect((await db.user.findUniqueOrThrow({ where: { id: owner.id } })).pressReleaseQuotaUsed).toBe(1);
    expect((await historyOf(release.id)).filter((h) => h.toStatus === "published")).toHaveLength(1);
  });

  it("two releases against the last unit of quota: one publishes, the other stays in review", async () => {
    const { owner, company } = await seedNewsroom({ quota: 3 });
    await db.user.update({ where: { id: owner.id }, data: { pressReleaseQuotaPeriod: "2026-11", pressReleaseQuotaUsed: 2 } });
    const a = await seedCheckedRelease(company.id, owner.id);
    const b = await seedCheckedRelease(company.id, owner.id);
    const results = await Promise.allSettled([
      publishRelease({ releaseId: a.id, actor: KI, now: NOW }),
      publishRelease({ releaseId: b.id, actor: KI, now: NOW }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toBeInstanceOf(QuotaExceededException);
    const statuses = (await db.pressRelease.findMany({ where: { id: { in: [a.id, b.id] } } })).map((r) => r.status).sort();
    expect(statuses).toEqual(["in_review", "published"]);
    expect((await db.user.findUniqueOrThrow({ where: { id: owner.id } })).pressReleaseQuotaUsed).toBe(3);
  });
});
