import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "@/lib/domains/api-tokens/tokens";
import { db } from "@/lib/core/db/client";
import { decideWithheldImage } from "@/lib/domains/release-images/decide-withheld-image";
import type { ImageUploadForm } from "@/lib/domains/images/upload/read-image-upload-form";
import { uploadReleaseImage } from "@/lib/domains/release-images/upload-release-image";
import { apiClient } from "./api-client";
import { unique } from "./factories";
import { photoJpeg, screenshotPng, watermarkedJpeg } from "./image-fixtures";
import { setLimits } from "./limits";
import { GOOD_BODY, seedAdmin, seedNewsroom } from "./release-fixtures";

// Spec 2.3: `discarded_at` marks results dropped because the content hash changed. That is the
// text check's result: a customer who edits the text through API v1 drops the text check of the
// old text, but the image precheck rows (a refused upload, a stored image, a person's decision on
// a held one) judged image bytes the edit did not touch, and stay in force.

beforeAll(async () => {
  setLimits({
    STORAGE_DIR: await mkdtemp(join(tmpdir(), "pd-audit-discard-")),
    IMAGE_PRECHECK: "true",
    IMAGE_PRECHECK_STAGE: "2",
    IMAGE_RIGHTS_V2: "false",
  });
});
afterAll(() => setLimits({ IMAGE_PRECHECK: undefined, IMAGE_PRECHECK_STAGE: undefined }));

const upload = (bytes: Buffer): ImageUploadForm => ({
  bytes,
  copyright: "Foto: Beispiel AG",
  rightsConfirmed: true,
  confirmTextVersion: "img-confirm-v1",
  alt: null,
  aiDeclaration: null,
  focusX: 0.5,
  focusY: 0.5,
  noCrop: false,
});

describe("ki_audits on a text change", () => {
  it("a text edit discards the text check of the old text and keeps every image precheck row", async () => {
    const { owner, company } = await seedNewsroom();
    const api = apiClient((await createApiToken({ userId: owner.id, name: "cms", identityConfirmedAt: new Date() })).token);
    const created = await api.call("createRelease", {
      body: {
        newsroom_id: company.id,
        portal: "business",
        language: "de",
        title: `Beispiel AG eröffnet Werk ${unique("a")}`,
        body: GOOD_BODY,
        location: "Berlin",
        contact: { name: "Pressestelle", email: "presse@beispiel.de" },
        submit: false,
      },
    });
    expect(created.status).toBe(201);
    const releaseId = created.body.data.id as number;

    // The precheck's rows: a refused upload, a stored photo, a screenshot held and then released by a person.
    await expect(
      uploadReleaseImage({ releaseId, userId: owner.id, form: upload(await watermarkedJpeg()), ip: null, source: "api" }),
    ).rejects.toMatchObject({ code: "validation_failed" });
    await uploadReleaseImage({ releaseId, userId: owner.id, form: upload(await photoJpeg()), ip: null, source: "api" });
    const held = await uploadReleaseImage({ releaseId, userId: owner.id, form: upload(await screenshotPng()), ip: null, source: "api" });
    await decideWithheldImage({
      imageId: held.image.id,
      adminUserId: (await seedAdmin()).id,
      decision: "release",
      note: "Bildschirmfoto der eigenen App",
    });
    const imageRows = await db.kiAudit.findMany({ where: { pressReleaseId: releaseId }, orderBy: { id: "asc" } });
    expect(imageRows.map((r) => r.type)).toEqual(["image_precheck", "image_precheck", "image_precheck", "image_precheck_review"]);
    // A text check of the text as it stands now.
    const { contentHash } = await db.pressRelease.findUniqueOrThrow({ where: { id: releaseId }, select: { contentHash: true } });
    const textCheck = await db.kiAudit.create({
      data: { pressReleaseId: releaseId, type: "text_check", contentHash, result: { result: "green", reasons: [] } },
    });

    const edited = await api.call("updateRelease", {
      params: { id: releaseId },
      body: { title: `Beispiel AG eröffnet das neue Werk ${unique("b")}` },
    });
    expect(edited.status).toBe(200);

    const after = new Map((await db.kiAudit.findMany({ where: { pressReleaseId: releaseId } })).map((r) => [r.id, r.discardedAt]));
    expect(after.get(textCheck.id)).toBeInstanceOf(Date);
    for (const row of imageRows) expect([row.type, row.id, after.get(row.id)]).toEqual([row.type, row.id, null]);
  });
});
