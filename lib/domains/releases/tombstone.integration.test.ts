import { mkdir, writeFile, access } from "node:fs/promises";
import { dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { storagePath } from "@/lib/core/storage/files";
import { seedRelease, unique } from "@/tests/factories";
import { historyOf, seedNewsroom } from "@/tests/release-fixtures";
import { deleteRelease } from "./delete-release";
import { SYSTEM } from "./history";
import { archiveRelease, depublishRelease, republishRelease, unarchiveRelease, withdrawRelease } from "./moves";
import { publicCacheGeneration } from "./public-cache";
import { markCompanyGone, markReleaseGone, unmarkCompanyGone, unmarkReleaseGone } from "./tombstone";

const published = (companyId: number, data: Record<string, unknown> = {}) =>
  seedRelease({ companyId, status: "published", publishedAt: new Date(), publishedEverAt: new Date(), ...data });

describe("tombstones", () => {
  it("markGone overwrites no_export and saves it; unmark restores it and the previous public state", async () => {
    const { company } = await seedNewsroom();
    const release = await published(company.id, { noExport: false });
    const generation = await publicCacheGeneration(db);
    await markReleaseGone({ releaseId: release.id, actor: SYSTEM });
    const gone = await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } });
    expect([gone.goneAt !== null, gone.noExport, gone.savedNoExport, gone.status]).toEqual([true, true, false, "published"]);
    expect(await publicCacheGeneration(db)).toBe(generation + 1);
    expect((await db.pressReleaseSearch.findUniqueOrThrow({ where: { pressReleaseId: release.id } })).isPublic).toBe(false);
    await expect(markReleaseGone({ releaseId: release.id, actor: SYSTEM })).rejects.toMatchObject({ code: "conflict" });

    await unmarkReleaseGone({ releaseId: release.id, actor: SYSTEM });
    const back = await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } });
    expect([back.goneAt, back.noExport, back.savedNoExport, back.status]).toEqual([null, false, null, "published"]);
    expect((await db.pressReleaseSearch.findUniqueOrThrow({ where: { pressReleaseId: release.id } })).isPublic).toBe(true);
  });

  it("a release that was no_export before keeps no_export after unmark", async () => {
    const { company } = await seedNewsroom();
    const release = await published(company.id, { noExport: true });
    await markReleaseGone({ releaseId: release.id, actor: SYSTEM });
    await unmarkReleaseGone({ releaseId: release.id, actor: SYSTEM });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).noExport).toBe(true);
  });

  it("a newsroom cascades to its releases, drops the cache once, and unmark restores only what it tombstoned", async () => {
    const { company } = await seedNewsroom();
    await db.company.update({ where: { id: company.id }, data: { isActive: true } });
    const a = await published(company.id);
    const b = await published(company.id, { noExport: true });
    const earlier = await published(company.id);
    await markReleaseGone({ releaseId: earlier.id, actor: SYSTEM });
    const generation = await publicCacheGeneration(db);

    expect(await markCompanyGone({ companyId: company.id, actor: SYSTEM })).toEqual({ releases: 2 });
    expect(await publicCacheGeneration(db)).toBe(generation + 1);
    const gone = await db.company.findUniqueOrThrow({ where: { id: company.id } });
    expect([gone.isActive, gone.savedIsActive, gone.goneAt !== null]).toEqual([false, true, true]);
    expect(await db.pressRelease.count({ where: { companyId: company.id, goneAt: null } })).toBe(0);

    expect(await unmarkCompanyGone({ companyId: company.id, actor: SYSTEM })).toEqual({ releases: 2 });
    const back = await db.company.findUniqueOrThrow({ where: { id: company.id } });
    expect([back.isActive, back.savedIsActive, back.goneAt]).toEqual([true, null, null]);
    const rows = await db.pressRelease.findMany({ where: { id: { in: [a.id, b.id, earlier.id] } }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.goneAt === null, r.noExport])).toEqual([
      [true, false],
      [true, true],
      [false, true],
    ]);
  });

  it("an inactive newsroom stays inactive after markGone and unmark", async () => {
    const { company } = await seedNewsroom();
    await db.company.update({ where: { id: company.id }, data: { isActive: false } });
    await markCompanyGone({ companyId: company.id, actor: SYSTEM });
    await unmarkCompanyGone({ companyId: company.id, actor: SYSTEM });
    expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).isActive).toBe(false);
  });
});

async function storedImage(pressReleaseId: number) {
  const path = `test/${unique("img")}.jpg`;
  await mkdir(dirname(storagePath(path)), { recursive: true });
  await writeFile(storagePath(path), "bytes");
  const image = await db.pressReleaseImage.create({
    data: {
      pressReleaseId,
      originalPath: path,
      bytesSha256: "a".repeat(64),
      metadataHash: "b".repeat(64),
      mimeType: "image/jpeg",
      width: 1,
      height: 1,
      sizeBytes: 5,
      displayPath: path,
      rulesVersion: "r1",
      formVersion: "v2",
    },
  });
  await db.imageRightsConfirmation.create({
    data: {
      subjectType: "press_release",
      subjectId: pressReleaseId,
      imageId: image.id,
      imageSha256: "a".repeat(64),
      legalTextKey: "img-confirm-v2",
      ipHmac: "h",
      ipHmacKeyVersion: 1,
      source: "form",
    },
  });
  return { image, path };
}

const exists = (p: string) =>
  access(storagePath(p)).then(
    () => true,
    () => false,
  );

describe("full deletion", () => {
  it("erases images of a never-published release with originals and confirmations", async () => {
    const { company } = await seedNewsroom();
    const release = await seedRelease({ companyId: company.id, status: "draft" });
    const { image, path } = await storedImage(release.id);
    expect(await deleteRelease({ releaseId: release.id, actor: SYSTEM })).toEqual({ erasedImages: 1 });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).deletedAt).not.toBeNull();
    expect(await db.pressReleaseImage.count({ where: { id: image.id } })).toBe(0);
    expect(await db.imageRightsConfirmation.count({ where: { imageId: image.id } })).toBe(0);
    expect(await exists(path)).toBe(false);
    expect(await db.pressReleaseSearch.count({ where: { pressReleaseId: release.id } })).toBe(0);
    // Gone for every later move.
    await expect(deleteRelease({ releaseId: release.id, actor: SYSTEM })).rejects.toMatchObject({ code: "not_found" });
  });

  it("keeps the evidence of images that were public", async () => {
    const { company } = await seedNewsroom();
    const release = await published(company.id);
    const { image, path } = await storedImage(release.id);
    expect(await deleteRelease({ releaseId: release.id, actor: SYSTEM })).toEqual({ erasedImages: 0 });
    expect(await db.imageRightsConfirmation.count({ where: { imageId: image.id } })).toBe(1);
    expect(await exists(path)).toBe(true);
  });

  it("confirmations stay insert-only outside the purge", async () => {
    const { company } = await seedNewsroom();
    const release = await seedRelease({ companyId: company.id });
    const { image } = await storedImage(release.id);
    await expect(db.imageRightsConfirmation.deleteMany({ where: { imageId: image.id } })).rejects.toThrow();
    expect(await db.imageRightsConfirmation.count({ where: { imageId: image.id } })).toBe(1);
  });
});

describe("other moves", () => {
  it("withdraw, archive, unarchive, depublish and republish follow the table and write history", async () => {
    const { owner, company } = await seedNewsroom();
    const actor = { type: "user" as const, userId: owner.id };
    const inReview = await seedRelease({ companyId: company.id, status: "in_review" });
    expect((await withdrawRelease({ releaseId: inReview.id, actor })).status).toBe("draft");
    await expect(archiveRelease({ releaseId: inReview.id, actor })).rejects.toMatchObject({ code: "conflict" });

    const release = await published(company.id);
    expect((await archiveRelease({ releaseId: release.id, actor })).status).toBe("archived");
    expect((await unarchiveRelease({ releaseId: release.id, actor })).status).toBe("published");
    expect((await depublishRelease({ releaseId: release.id, actor: SYSTEM, reason: "legal request" })).status).toBe("depublished");
    expect((await republishRelease({ releaseId: release.id, actor: SYSTEM })).status).toBe("published");
    expect((await historyOf(release.id)).map((h) => h.outcome)).toEqual(["archive", "unarchive", "depublish", "republish"]);
  });
});
