import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { arrangeReleaseImages } from "@/lib/domains/release-images/arrange-release-images";
import type { ImageUploadForm } from "@/lib/domains/images/upload/read-image-upload-form";
import { uploadReleaseImage } from "@/lib/domains/release-images/upload-release-image";
import { declareTextAi } from "@/lib/domains/releases/ai-declaration";
import { findJob, SCHEDULES } from "@/lib/runtime/jobs/catalog";
import { updateRelease } from "@/lib/domains/releases/save-release";
import { getFileStorage } from "@/lib/core/storage/file-storage";
import { runCommand as run } from "@/tests/console-run";
import { databaseRefusal, insertOnlyRefusal } from "@/tests/database-refusal";
import { seedCompany, seedRelease, unique } from "@/tests/factories";
import { photoJpeg } from "@/tests/image-fixtures";
import { setLimits, withLimits } from "@/tests/limits";
import { seedNewsroom } from "@/tests/release-fixtures";
import { purgeDrafts } from "./purge-drafts";

// press-releases:purge-drafts on real rows and real files: what goes, what stays, and an edit
// racing the purge.

let photo: Buffer;
beforeAll(async () => {
  setLimits({ STORAGE_DIR: await mkdtemp(join(tmpdir(), "pd-purge-drafts-")), IMAGE_PRECHECK: "false", IMAGE_RIGHTS_V2: "false" });
  photo = await photoJpeg({ width: 800, height: 600 });
});

const DAY = 86_400_000;
const hex = (n: number) =>
  unique("x")
    .replace(/[^0-9a-f]/g, "")
    .padEnd(n, "0")
    .slice(0, n);

async function age(releaseId: number, days: number, deletedDaysAgo?: number) {
  const at = new Date(Date.now() - days * DAY);
  const deleted = deletedDaysAgo === undefined ? null : new Date(Date.now() - deletedDaysAgo * DAY);
  await db.$executeRaw`UPDATE press_releases SET updated_at = ${at}, deleted_at = ${deleted} WHERE id = ${releaseId}`;
}

/**
 * A draft with one never-published image (files, snapshot, confirmation) and a text AI
 * declaration, every row of it last touched `days` ago (deleted `deletedDaysAgo` ago).
 */
async function draftWithImage(data: Partial<Parameters<typeof seedRelease>[0]> = {}, days = 0, deletedDaysAgo?: number) {
  const at = new Date(Date.now() - days * DAY);
  const release = await seedRelease({ companyId: (await seedCompany()).id, status: "draft", ...data });
  const prefix = hex(16);
  const sha = hex(64);
  const keys = {
    original: `evidence/originals/${prefix}/${sha}.jpg`,
    display: `img/${prefix}/${sha.slice(0, 16)}-480.jpg`,
    cover: `evidence/snapshots/${prefix}/cover.jpg`,
    json: `evidence/snapshots/${prefix}/snapshot.json`,
  };
  for (const key of Object.values(keys)) await getFileStorage().put(key, Buffer.from(key), "image/jpeg");
  const image = await db.pressReleaseImage.create({
    data: {
      pressReleaseId: release.id,
      bytesSha256: sha,
      metadataHash: hex(64),
      mimeType: "image/jpeg",
      width: 800,
      height: 600,
      sizeBytes: 8,
      displayPath: keys.display,
      variants: [],
      rulesVersion: "test",
      storagePrefix: prefix,
      originalPath: keys.original,
      formVersion: "v2",
      createdAt: at,
      updatedAt: at,
    },
  });
  await db.pressReleaseImageSnapshot.create({
    data: { imageId: image.id, variant: "cover", bytesHash: sha, metadataHash: hex(64), coverPath: keys.cover, jsonPath: keys.json },
  });
  await db.imageRightsConfirmation.create({
    data: {
      subjectType: "press_release",
      subjectId: release.id,
      imageId: image.id,
      imageSha256: sha,
      legalTextKey: "img-confirm-v2",
      ipHmac: "h",
      ipHmacKeyVersion: 1,
      source: "upload",
      confirmedAt: at,
    },
  });
  await db.pressReleaseAiDeclaration.create({
    data: { pressReleaseId: release.id, scope: "text", declaration: "without_ai", version: 1, createdAt: at },
  });
  await age(release.id, days, deletedDaysAgo);
  return { release, image, keys: Object.values(keys) };
}

const exists = async (id: number) => (await db.pressRelease.count({ where: { id } })) === 1;

describe("press-releases:purge-drafts", () => {
  it("deletes old never-published drafts and deleted releases with their images and files; keeps everything else", async () => {
    const stale = await draftWithImage({}, 400);
    const deleted = await draftWithImage({ status: "in_review" }, 40, 40);
    const recentlyDeleted = await draftWithImage({}, 10, 10);
    const fresh = await draftWithImage({}, 300);
    // Never a release that was ever public, even as a draft-like leftover.
    const wasPublic = await seedRelease({
      companyId: (await seedCompany()).id,
      status: "draft",
      publishedEverAt: new Date(Date.now() - 500 * DAY),
    });
    await age(wasPublic.id, 400);
    const openRequest = await seedRelease({ companyId: (await seedCompany()).id, status: "draft" });
    await db.legalRequest.create({
      data: { track: "dsgvo", pressReleaseId: openRequest.id, requesterName: "R", requesterEmail: "r@example.test", body: "b" },
    });
    await age(openRequest.id, 400);
    const held = await draftWithImage({}, 400);
    await db.archiveEntry.create({
      data: {
        kind: "image_original",
        subjectType: "press_release_image",
        subjectId: held.image.id,
        payload: {},
        signature: "s",
        signingKeyId: "k1",
        holdUntil: new Date(Date.now() + 30 * DAY),
      },
    });
    const scheduled = await seedRelease({ companyId: (await seedCompany()).id, status: "scheduled" });
    await age(scheduled.id, 400);

    const dry = await run("press-releases:purge-drafts", "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.out).toContain(`would purge release ${stale.release.id} (newsroom ${stale.release.companyId}, stale draft, 1 images)`);
    expect(dry.out).toContain(`kept release ${openRequest.id}: open legal request`);
    expect(await exists(stale.release.id)).toBe(true);

    const r = await run("press-releases:purge-drafts");
    expect(r.code).toBe(0);
    expect(r.out).toContain(`kept release ${held.release.id}: legal hold`);
    expect(r.out.at(-1)).toMatch(/^purged 2 releases \(drafts untouched for 365 days\), 8 files; kept 2$/);
    for (const gone of [stale, deleted]) {
      expect(await exists(gone.release.id)).toBe(false);
      expect(await db.pressReleaseImage.count({ where: { id: gone.image.id } })).toBe(0);
      expect(await db.imageRightsConfirmation.count({ where: { imageId: gone.image.id } })).toBe(0);
      expect(await db.pressReleaseAiDeclaration.count({ where: { pressReleaseId: gone.release.id } })).toBe(0);
      for (const key of gone.keys) expect(await getFileStorage().get(key)).toBeNull();
    }
    for (const id of [recentlyDeleted.release.id, fresh.release.id, wasPublic.id, openRequest.id, held.release.id, scheduled.id])
      expect(await exists(id)).toBe(true);
    for (const key of held.keys) expect(await getFileStorage().get(key)).not.toBeNull();
    expect(
      await db.activityLog.count({ where: { type: "release.draft_purged", subjectId: String(stale.release.id), result: "stale_draft" } }),
    ).toBe(1);
    // The door for the declarations was the purge's own transaction: it is shut again.
    expect(await databaseRefusal(db.pressReleaseAiDeclaration.deleteMany({ where: { pressReleaseId: fresh.release.id } }))).toEqual(
      insertOnlyRefusal("press_release_ai_declarations"),
    );

    // --days and DRAFT_RETENTION_DAYS move the draft cut-off.
    expect((await run("press-releases:purge-drafts", "--days=200")).out).toContain(
      `purged release ${fresh.release.id} (newsroom ${fresh.release.companyId}, stale draft, 1 images)`,
    );
    const younger = await seedRelease({ companyId: (await seedCompany()).id });
    await age(younger.id, 100);
    await withLimits({ DRAFT_RETENTION_DAYS: "90" }, () => purgeDrafts());
    expect(await exists(younger.id)).toBe(false);
    expect(SCHEDULES["purge-drafts"]).toMatchObject({ cron: "40 4 * * *", timezone: "Europe/Berlin" });
    expect(findJob(SCHEDULES["purge-drafts"]!.job)).toBeDefined();
  });

  it("keeps a year-old draft that just got an image, a new AI declaration or a new image order; purges the one nobody touched", async () => {
    const form: ImageUploadForm = {
      bytes: photo,
      copyright: "Foto: Beispiel AG",
      rightsConfirmed: true,
      confirmTextVersion: "img-confirm-v1",
      alt: "Werk",
      aiDeclaration: null,
      focusX: 0.5,
      focusY: 0.5,
      noCrop: false,
    };
    const oldDraft = async () => {
      const { owner, company } = await seedNewsroom();
      return { owner, ...(await draftWithImage({ companyId: company.id, authorUserId: owner.id }, 400)) };
    };
    const uploaded = await oldDraft();
    const declared = await oldDraft();
    const reordered = await oldDraft();
    const untouched = await oldDraft();
    // Neither of these writes touches press_releases.updated_at: it stays 400 days old. (A new
    // image also moves the release's review fingerprint, and with it updated_at.)
    const { image: newImage } = await uploadReleaseImage({
      releaseId: uploaded.release.id,
      userId: uploaded.owner.id,
      form,
      ip: "203.0.113.9",
      source: "dashboard",
    });
    await declareTextAi({ releaseId: declared.release.id, declaration: "ai_assisted", actor: { type: "user", userId: declared.owner.id } });
    await arrangeReleaseImages({
      releaseId: reordered.release.id,
      userId: reordered.owner.id,
      order: [reordered.image.id],
      coverImageId: null,
    });
    for (const d of [declared, reordered])
      expect((await db.pressRelease.findUniqueOrThrow({ where: { id: d.release.id } })).updatedAt.getTime()).toBeLessThan(
        Date.now() - 399 * DAY,
      );

    const r = await purgeDrafts();
    for (const d of [uploaded, declared, reordered]) {
      expect(r.purged.map((p) => p.id)).not.toContain(d.release.id);
      expect(await exists(d.release.id)).toBe(true);
      for (const key of d.keys) expect(await getFileStorage().get(key)).not.toBeNull();
    }
    expect(await db.pressReleaseImage.count({ where: { id: newImage.id } })).toBe(1);
    expect(r.purged).toContainEqual({ id: untouched.release.id, companyId: untouched.release.companyId, reason: "stale_draft", images: 1 });
    expect(await exists(untouched.release.id)).toBe(false);
  });

  it("keeps a draft that got an image upload between selection and deletion (the re-check under the lock sees it)", async () => {
    const { owner, company } = await seedNewsroom();
    const { release, keys } = await draftWithImage({ companyId: company.id, authorUserId: owner.id }, 400);
    const form: ImageUploadForm = {
      bytes: photo,
      copyright: "Foto: Beispiel AG",
      rightsConfirmed: true,
      confirmTextVersion: "img-confirm-v1",
      alt: "Abend",
      aiDeclaration: null,
      focusX: 0.5,
      focusY: 0.5,
      noCrop: false,
    };
    const r = await purgeDrafts({
      afterSelect: async (ids) => {
        if (ids.includes(release.id)) await uploadReleaseImage({ releaseId: release.id, userId: owner.id, form, ip: null, source: "api" });
      },
    });
    expect(r.kept).toContainEqual({ id: release.id, why: "changed since it was selected" });
    expect(await db.pressReleaseImage.count({ where: { pressReleaseId: release.id } })).toBe(2);
    for (const key of keys) expect(await getFileStorage().get(key)).not.toBeNull();
  });

  it("refuses wrong calls", async () => {
    expect((await run("press-releases:purge-drafts", "--days=0")).code).toBe(2);
    // A typo (--days=1, or years taken for days) would empty nearly every draft each night: below 30 is refused.
    const typo = await seedRelease({ companyId: (await seedCompany()).id });
    await age(typo.id, 2);
    for (const days of ["1", "29"]) {
      const r = await run("press-releases:purge-drafts", `--days=${days}`);
      expect(r.code).toBe(2);
      expect(r.err.join("\n")).toContain("--days must be a whole number from 30 to 36500");
    }
    await expect(withLimits({ DRAFT_RETENTION_DAYS: "1" }, () => purgeDrafts())).rejects.toThrow(/DRAFT_RETENTION_DAYS/);
    await expect(purgeDrafts({ days: 29 })).rejects.toThrow("Drafts are kept at least 30 days (got 29).");
    expect(await exists(typo.id)).toBe(true);
    expect((await run("press-releases:purge-drafts", "--days=30", "--dry-run")).code).toBe(0);
    expect((await run("press-releases:purge-drafts", "--days=x")).code).toBe(2);
    expect((await run("press-releases:purge-drafts", "--dry-run=yes")).code).toBe(2);
    expect((await run("press-releases:purge-drafts", "--help")).out[0]).toBe("Usage: press-releases:purge-drafts [--days=N] [--dry-run]");
  });

  it("keeps a draft edited between selection and deletion", async () => {
    const { release, keys } = await draftWithImage({}, 400);
    const r = await purgeDrafts({
      afterSelect: async () =>
        void (await updateRelease({
          releaseId: release.id,
          content: { title: "Edited just now", body: "<p>New text.</p>" },
          actor: { type: "admin" },
        })),
    });
    expect(r.kept).toContainEqual({ id: release.id, why: "changed since it was selected" });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).title).toBe("Edited just now");
    for (const key of keys) expect(await getFileStorage().get(key)).not.toBeNull();
  });

  it("an edit racing the purge either lands on a surviving draft or finds it gone, never half", async () => {
    for (let i = 0; i < 4; i++) {
      const { release, image } = await draftWithImage({}, 400);
      const [purge, edit] = await Promise.allSettled([
        purgeDrafts(),
        updateRelease({ releaseId: release.id, content: { title: `Race ${i}`, body: "<p>Raced.</p>" }, actor: { type: "admin" } }),
      ]);
      expect(purge.status).toBe("fulfilled");
      const row = await db.pressRelease.findUnique({ where: { id: release.id } });
      if (edit.status === "fulfilled") {
        // The edit committed first: the purge saw the new updated_at under its lock and kept it.
        expect(row?.title).toBe(`Race ${i}`);
        expect(await db.pressReleaseImage.count({ where: { id: image.id } })).toBe(1);
      } else {
        // The purge held the lock: the edit waited and found no release.
        expect(String(edit.reason)).toMatch(/not found/i);
        expect(row).toBeNull();
        expect(await db.pressReleaseImage.count({ where: { id: image.id } })).toBe(0);
      }
    }
  });
});
