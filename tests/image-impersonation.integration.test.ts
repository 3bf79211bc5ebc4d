import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { CustomerOnlyActionError } from "@/lib/core/errors/customer-acting";
import { db } from "@/lib/core/db/client";
import { confirmImageRights } from "@/lib/domains/release-images/confirm-image-rights";
import { correctImageDeclaration } from "@/lib/domains/release-images/correct-image-declaration";
import { imagesAwaitingOwnerConfirmation } from "@/lib/domains/images/owner-confirmations";
import type { ImageUploadForm } from "@/lib/domains/images/upload/read-image-upload-form";
import { uploadImageFromRequest } from "@/lib/domains/release-images/upload-from-request";
import { uploadReleaseImage } from "@/lib/domains/release-images/upload-release-image";
import { publishRelease } from "@/lib/domains/releases/publish-release";
import { seedUser } from "./factories";
import { photoJpeg } from "./image-fixtures";
import { setLimits } from "./limits";
import { checkWithImages, seedAdmin, seedCheckedRelease, seedNewsroom } from "./release-fixtures";

// Staff acting as the customer (support access, spec 6.1) call the image functions directly,
// with the customer's session as `acting`: the rights confirmation, an upload (which carries
// it) and an image's credit and AI declaration are the customer's own statements (spec 5.11).
// Each function refuses before it looks at anything, and nothing is stored; the customer in
// person gets through with the same call.

let small: Buffer;
beforeAll(async () => {
  setLimits({ STORAGE_DIR: await mkdtemp(join(tmpdir(), "pd-img-imp-")), IMAGE_PRECHECK: "false", IMAGE_RIGHTS_V2: "false" });
  small = await photoJpeg({ width: 800, height: 600 });
});

const form = (bytes: Buffer): ImageUploadForm => ({
  bytes,
  copyright: "Foto: Beispiel AG",
  rightsConfirmed: true,
  confirmTextVersion: "img-confirm-v1",
  alt: "Werk",
  aiDeclaration: null,
  focusX: 0.5,
  focusY: 0.5,
  noCrop: false,
});
const refusedAs = (action: string, message: RegExp) => ({
  name: "CustomerOnlyActionError",
  code: "forbidden",
  status: 403,
  message: expect.stringMatching(message),
  details: { reason: "impersonation", action },
});
const inPerson = { impersonatorUserId: null };

async function support() {
  const staff = await seedUser({ staffRole: "admin", permissions: ["users:manage"] });
  return { impersonatorUserId: staff.id };
}

describe("the customer's image statements, called by staff acting as the customer", () => {
  it("confirmImageRights refuses the owner's confirmation of an admin's upload; nothing is stored and the image keeps waiting; the owner in person confirms", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id);
    await publishRelease({ releaseId: release.id, actor: { type: "ki" } });
    const { image } = await uploadReleaseImage({
      releaseId: release.id,
      userId: (await seedAdmin()).id,
      asAdmin: true,
      form: form(small),
      ip: null,
      source: "admin",
    });
    const confirmations = await db.imageRightsConfirmation.count({ where: { imageId: image.id } });

    const attempt = confirmImageRights({
      imageId: image.id,
      userId: owner.id,
      confirmTextVersion: "img-confirm-v1",
      ip: "203.0.113.7",
      acting: await support(),
    });
    await expect(attempt).rejects.toBeInstanceOf(CustomerOnlyActionError);
    await expect(attempt).rejects.toMatchObject(refusedAs("image_rights", /^Im Support-Zugang können Bildrechte nicht bestätigt werden/));
    expect(await db.imageRightsConfirmation.count({ where: { imageId: image.id } })).toBe(confirmations);
    expect(
      await db.pressReleaseImage.findUniqueOrThrow({ where: { id: image.id }, select: { ownerConfirmedAt: true, publishedEverAt: true } }),
    ).toEqual({ ownerConfirmedAt: null, publishedEverAt: null });
    expect((await imagesAwaitingOwnerConfirmation(owner.id)).map((i) => i.id)).toEqual([image.id]);
    expect(await db.activityLog.count({ where: { type: ACTIVITY.imageRightsConfirmed, subjectId: String(image.id) } })).toBe(0);

    expect(
      (
        await confirmImageRights({
          imageId: image.id,
          userId: owner.id,
          confirmTextVersion: "img-confirm-v1",
          ip: "203.0.113.7",
          acting: inPerson,
        })
      ).status,
    ).toBe("public");
  });

  it("correctImageDeclaration refuses a new credit or AI declaration; the image keeps its statements; the customer in person corrects", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id);
    const { image } = await uploadReleaseImage({
      releaseId: release.id,
      userId: owner.id,
      form: form(small),
      ip: null,
      source: "dashboard",
    });
    await checkWithImages(release.id);
    const stated = () =>
      db.pressReleaseImage.findUniqueOrThrow({
        where: { id: image.id },
        select: { customerStatement: true, alt: true, metadataHash: true, ogVariantPath: true },
      });
    const before = await stated();
    const declarations = await db.pressReleaseAiDeclaration.count({ where: { imageId: image.id } });

    const correction = {
      imageId: image.id,
      releaseId: release.id,
      userId: owner.id,
      customerStatement: "Foto: Support-Team",
      aiDeclaration: "ai_generated" as const,
      reason: "Korrektur",
    };
    await expect(correctImageDeclaration({ ...correction, acting: await support() })).rejects.toMatchObject(
      refusedAs("image_statement", /^Im Support-Zugang lassen sich Bildnachweis und KI-Angabe nicht ändern/),
    );
    expect(await stated()).toEqual(before);
    expect(await db.pressReleaseAiDeclaration.count({ where: { imageId: image.id } })).toBe(declarations);
    expect(await db.imageDeclarationCorrection.count({ where: { imageId: image.id } })).toBe(0);

    expect(await correctImageDeclaration({ ...correction, acting: inPerson })).toMatchObject({ id: image.id });
    expect((await stated()).customerStatement).toBe("Foto: Support-Team");
  });

  it("uploadImageFromRequest refuses the upload before a byte of the body is read; no image is stored", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id);
    const body = new FormData();
    body.set("file", new Blob([new Uint8Array(small)], { type: "image/jpeg" }), "foto.jpg");
    body.set("copyright", "Foto: Support-Team");
    body.set("rights_confirmed", "true");
    body.set("confirm_text_version", "img-confirm-v1");
    const request = new Request("http://localhost/dashboard/releases/upload", { method: "POST", body });

    await expect(
      uploadImageFromRequest(request, { releaseId: release.id, userId: owner.id, source: "dashboard", acting: await support() }),
    ).rejects.toMatchObject(refusedAs("image_upload", /^Im Support-Zugang lassen sich keine Bilder hochladen/));
    expect(request.bodyUsed).toBe(false);
    expect(await db.pressReleaseImage.count({ where: { pressReleaseId: release.id } })).toBe(0);
    expect(await db.imageRightsConfirmation.count({ where: { subjectType: "press_release", subjectId: release.id } })).toBe(0);
  });
});
