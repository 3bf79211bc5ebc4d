import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import { runPendingArchiveJobs } from "@/lib/domains/evidence/pending-jobs";
import { downloadReleaseEvidence } from "@/lib/domains/evidence/download-release-evidence";
import { exportReleaseEvidence, verifyEvidenceExport } from "@/lib/domains/evidence/export";
import { openImageEvidence } from "@/lib/domains/evidence/open-image-evidence";
import { confirmImageRights } from "@/lib/domains/release-images/confirm-image-rights";
import { correctImageDeclaration } from "@/lib/domains/release-images/correct-image-declaration";
import { publicImagesOf } from "@/lib/domains/images/deliverable";
import { imagesAwaitingOwnerConfirmation } from "@/lib/domains/images/owner-confirmations";
import { removeReleaseImage } from "@/lib/domains/release-images/remove-release-image";
import type { ImageUploadForm } from "@/lib/domains/images/upload/read-image-upload-form";
import { uploadReleaseImage } from "@/lib/domains/release-images/upload-release-image";
import { publishRelease } from "@/lib/domains/releases/publish-release";
import { getFileStorage } from "@/lib/core/storage/file-storage";
import { photoJpeg } from "./image-fixtures";
import { setLimits } from "./limits";
import { checkWithImages, seedAdmin, seedCheckedRelease, seedNewsroom } from "./release-fixtures";
import { seedUser } from "./factories";

// The life of an image: publication, the remover, an admin's upload confirmed by the owner,
// evidence access (spec 2.4, 3.1, 4.2, 4.3, 5.10, 5.11).

let small: Buffer;
beforeAll(async () => {
  setLimits({ STORAGE_DIR: await mkdtemp(join(tmpdir(), "pd-img-life-")), IMAGE_PRECHECK: "false", IMAGE_RIGHTS_V2: "false" });
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

async function releaseWithImage() {
  const { owner, company } = await seedNewsroom();
  const release = await seedCheckedRelease(company.id, owner.id);
  const { image } = await uploadReleaseImage({
    releaseId: release.id,
    userId: owner.id,
    form: form(small),
    ip: "203.0.113.9",
    source: "dashboard",
  });
  // The upload sent it back to its check; the new check saw the image.
  await checkWithImages(release.id);
  return { owner, company, release, image };
}

describe("images through publication and removal", () => {
  it("publication marks deliverable images published and archives their evidence", async () => {
    const { release, image } = await releaseWithImage();
    await publishRelease({ releaseId: release.id, actor: { type: "ki" } });
    const row = await db.pressReleaseImage.findUniqueOrThrow({ where: { id: image.id } });
    expect(row.publishedEverAt).not.toBeNull();
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).archivePendingAt).not.toBeNull();
    await runPendingArchiveJobs();
    const kinds = (await db.archiveEntry.findMany({ where: { subjectType: "press_release_image", subjectId: image.id } }))
      .map((e) => e.kind)
      .sort();
    expect(kinds).toEqual(["image_original", "image_snapshot", "image_snapshot", "rights_confirmation"]);
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).archivePendingAt).toBeNull();
    expect((await publicImagesOf(db, [release.id])).get(release.id)?.map((i) => i.id)).toEqual([image.id]);

    // The export vouches for the files' bytes: a snapshot swapped in storage fails it.
    const { document } = await exportReleaseEvidence({ pressReleaseId: release.id });
    expect(verifyEvidenceExport(JSON.stringify(document), { acceptUnsigned: false })).toMatchObject({ ok: true, entries: 4 });
    const snapshot = await db.pressReleaseImageSnapshot.findFirstOrThrow({ where: { imageId: image.id, variant: "og" } });
    await getFileStorage().put(snapshot.jsonPath, Buffer.from('{"credit":"© someone else"}'), "application/json");
    const { document: tampered } = await exportReleaseEvidence({ pressReleaseId: release.id });
    expect(verifyEvidenceExport(JSON.stringify(tampered), { acceptUnsigned: false })).toMatchObject({
      ok: false,
      reason: expect.stringContaining("does not match its signed SHA-256"),
    });
  });

  it("the remover soft-deletes a published image, keeps its original and documents the removal", async () => {
    const { release, image, owner } = await releaseWithImage();
    await publishRelease({ releaseId: release.id, actor: { type: "ki" } });
    // Published texts change only by a paid change: staff remove the image.
    await expect(removeReleaseImage({ imageId: image.id, userId: owner.id })).rejects.toMatchObject({ code: "conflict" });
    const admin = await seedAdmin();
    expect(await removeReleaseImage({ imageId: image.id, userId: admin.id, asAdmin: true, reason: "Rechteinhaber widerspricht" })).toEqual({
      erased: false,
    });
    const row = await db.pressReleaseImage.findUniqueOrThrow({ where: { id: image.id } });
    expect(row.deletedAt).not.toBeNull();
    expect(await getFileStorage().get(row.originalPath!)).not.toBeNull();
    expect(await getFileStorage().get(row.displayPath)).toBeNull();
    const removal = await db.archiveEntry.findFirstOrThrow({ where: { kind: "image_removed", subjectId: image.id } });
    expect(removal.payload).toMatchObject({ reason: "Rechteinhaber widerspricht" });
    expect((await publicImagesOf(db, [release.id])).get(release.id)).toBeUndefined();
  });

  it("an image that was never published is erased entirely, confirmation included; its AI declaration stays (insert-only)", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id);
    const { image } = await uploadReleaseImage({
      releaseId: release.id,
      userId: owner.id,
      form: { ...form(small), aiDeclaration: "ai_assisted" },
      ip: null,
      source: "api",
    });
    const before = await db.pressReleaseImage.findUniqueOrThrow({ where: { id: image.id } });
    expect(await removeReleaseImage({ imageId: image.id, userId: owner.id })).toEqual({ erased: true });
    expect(await db.pressReleaseImage.findUnique({ where: { id: image.id } })).toBeNull();
    expect(await db.imageRightsConfirmation.count({ where: { imageId: image.id } })).toBe(0);
    expect(await getFileStorage().get(before.originalPath!)).toBeNull();
    for (const key of [before.displayPath, before.ogVariantPath!]) expect(await getFileStorage().get(key)).toBeNull();
    expect(await db.pressReleaseImageSnapshot.count({ where: { imageId: image.id } })).toBe(0);
    expect(await db.pressReleaseAiDeclaration.count({ where: { imageId: image.id } })).toBe(1);
  });

  it("two removals of the same image at once: one wins, the other finds nothing", async () => {
    const { image, owner } = await releaseWithImage();
    const results = await Promise.allSettled([
      removeReleaseImage({ imageId: image.id, userId: owner.id }),
      removeReleaseImage({ imageId: image.id, userId: owner.id }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
  });
});

describe("an admin's upload waits for the owner's confirmation", () => {
  it("stays hidden, mails the owner a login link, and goes public when the owner confirms", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id);
    await publishRelease({ releaseId: release.id, actor: { type: "ki" } });
    const admin = await seedAdmin();
    const { image, warnings } = await uploadReleaseImage({
      releaseId: release.id,
      userId: admin.id,
      asAdmin: true,
      form: form(small),
      ip: null,
      source: "admin",
    });
    expect(image.status).toBe("awaiting_owner_confirmation");
    expect(warnings.map((w) => w.code)).toContain("awaiting_owner_confirmation");
    expect((await publicImagesOf(db, [release.id])).get(release.id)).toBeUndefined();
    const mail = await db.mailOutbox.findFirstOrThrow({ where: { to: owner.email, mailType: "image_confirmation" } });
    expect(mail.text).toContain("/images/confirm/");
    const link = await db.magicLink.findFirstOrThrow({ where: { userId: owner.id, purpose: "image_confirmation" } });
    expect(link.payload).toMatchObject({ pressReleaseId: release.id, imageId: image.id });
    expect((await imagesAwaitingOwnerConfirmation(owner.id)).map((i) => i.id)).toEqual([image.id]);

    // Attackers: the admin, a super-admin and a stranger may not confirm for the owner.
    const superAdmin = await seedUser({ staffRole: "super_admin" });
    for (const userId of [admin.id, superAdmin.id, (await seedUser()).id]) {
      await expect(confirmImageRights({ imageId: image.id, userId, confirmTextVersion: "img-confirm-v1", ip: null })).rejects.toMatchObject(
        { code: "forbidden" },
      );
    }
    const confirmed = await confirmImageRights({
      imageId: image.id,
      userId: owner.id,
      confirmTextVersion: "img-confirm-v1",
      ip: "203.0.113.5",
    });
    expect(confirmed.status).toBe("public");
    expect((await publicImagesOf(db, [release.id])).get(release.id)?.map((i) => i.id)).toEqual([image.id]);
    expect((await db.pressReleaseImage.findUniqueOrThrow({ where: { id: image.id } })).publishedEverAt).not.toBeNull();
  });
});

describe("evidence access", () => {
  it("needs a stated purpose, is logged as EvidenceAccess, and evidence of a removed image needs compliance:manage", async () => {
    const { release, image } = await releaseWithImage();
    await publishRelease({ releaseId: release.id, actor: { type: "ki" } });
    const admin = await seedAdmin();
    await expect(
      openImageEvidence({ imageId: image.id, adminUserId: admin.id, purpose: "kurz", version: "original" }),
    ).rejects.toMatchObject({ code: "validation_failed" });
    const original = await openImageEvidence({
      imageId: image.id,
      adminUserId: admin.id,
      purpose: "Anfrage des Rechteinhabers vom 24.11.",
      version: "original",
    });
    expect(original.bytes.equals(small)).toBe(true);
    expect(original.filename).toBe(`image-${image.id}-original.jpg`);
    const published = await openImageEvidence({
      imageId: image.id,
      adminUserId: admin.id,
      purpose: "Anfrage des Rechteinhabers vom 24.11.",
      version: "published",
    });
    expect(published.contentType).toBe("image/jpeg");
    const log = await db.activityLog.findMany({ where: { type: ACTIVITY.evidenceAccessed, subjectId: String(image.id) } });
    expect(log.map((l) => [l.actorUserId, l.result, l.reason])).toEqual([
      [admin.id, "original", "Anfrage des Rechteinhabers vom 24.11."],
      [admin.id, "published", "Anfrage des Rechteinhabers vom 24.11."],
    ]);
    expect(JSON.stringify(log.map((l) => [l.result, l.reason, l.metadata]))).not.toContain("evidence/");

    await removeReleaseImage({ imageId: image.id, userId: admin.id, asAdmin: true, reason: "Widerspruch" });
    await expect(
      openImageEvidence({ imageId: image.id, adminUserId: admin.id, purpose: "Prüfung nach Entfernung", version: "original" }),
    ).rejects.toMatchObject({ code: "forbidden" });
    const compliance = await seedAdmin(["press-releases:publish", "compliance:manage"]);
    expect(
      (
        await openImageEvidence({ imageId: image.id, adminUserId: compliance.id, purpose: "Prüfung nach Entfernung", version: "original" })
      ).bytes.equals(small),
    ).toBe(true);
    // The signed export of the whole release: compliance:manage, a purpose, logged; it verifies.
    await expect(
      downloadReleaseEvidence({ releaseId: release.id, adminUserId: admin.id, purpose: "Verfahren Az. 2026-17" }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(downloadReleaseEvidence({ releaseId: release.id, adminUserId: compliance.id, purpose: "kurz" })).rejects.toMatchObject({
      code: "validation_failed",
    });
    const exported = await downloadReleaseEvidence({ releaseId: release.id, adminUserId: compliance.id, purpose: "Verfahren Az. 2026-17" });
    expect(exported.filename).toBe(`nachweise-pressemitteilung-${release.id}.json`);
    expect(verifyEvidenceExport(exported.bytes.toString(), { acceptUnsigned: false })).toMatchObject({ ok: true });
    expect(
      await db.activityLog.count({
        where: {
          type: ACTIVITY.evidenceAccessed,
          subjectType: "press_release",
          subjectId: String(release.id),
          result: "export",
          actorUserId: compliance.id,
        },
      }),
    ).toBe(1);
    // Without the admin permission at all: refused.
    const customer = await seedUser();
    await expect(
      openImageEvidence({ imageId: image.id, adminUserId: customer.id, purpose: "Neugier eines Kunden", version: "original" }),
    ).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("corrections of an image's declaration", () => {
  it("a public image's credit is corrected with a new og variant, a new snapshot, insert-only correction rows and archived evidence", async () => {
    const { release, image, owner } = await releaseWithImage();
    await publishRelease({ releaseId: release.id, actor: { type: "ki" } });
    await runPendingArchiveJobs();
    const before = await db.pressReleaseImage.findUniqueOrThrow({ where: { id: image.id } });
    // The customer cannot change a published release's images; the service corrects them.
    await expect(correctImageDeclaration({ imageId: image.id, userId: owner.id, customerStatement: "Foto: Neu" })).rejects.toMatchObject({
      code: "conflict",
    });
    const admin = await seedAdmin();
    const corrected = await correctImageDeclaration({
      imageId: image.id,
      userId: admin.id,
      asAdmin: true,
      customerStatement: "Foto: Erika Muster",
      aiDeclaration: "ai_generated",
      reason: "Urheberin hat sich gemeldet",
    });
    expect(corrected).toMatchObject({
      customerStatement: "Foto: Erika Muster",
      portalLabel: "KI-generiert",
      credit: "© Foto: Erika Muster · KI-generiert",
      aiDeclaration: "ai_generated",
    });
    const after = await db.pressReleaseImage.findUniqueOrThrow({
      where: { id: image.id },
      include: { snapshots: true, corrections: true },
    });
    expect(after.metadataHash).not.toBe(before.metadataHash);
    expect(after.ogVariantPath).not.toBe(before.ogVariantPath);
    expect(await getFileStorage().get(before.ogVariantPath!)).toBeNull();
    const og = await getFileStorage().get(after.ogVariantPath!);
    expect(og).not.toBeNull();
    // Old and new snapshot, each for cover and og.
    expect(after.snapshots.map((x) => `${x.variant}:${x.metadataHash === before.metadataHash ? "old" : "new"}`).sort()).toEqual([
      "cover:new",
      "cover:old",
      "og:new",
      "og:old",
    ]);
    const json = JSON.parse(
      (await getFileStorage().get(
        after.snapshots.find((x) => x.variant === "og" && x.metadataHash === after.metadataHash)!.jsonPath,
      ))!.bytes.toString(),
    );
    expect(json).toMatchObject({ credit: "© Foto: Erika Muster · KI-generiert", labelling: { aiDeclaration: "ai_generated" } });
    expect(after.corrections.map((c) => [c.field, c.oldValue, c.newValue, c.reason]).sort()).toEqual([
      ["ai_declaration", null, "ai_generated", "Urheberin hat sich gemeldet"],
      ["customer_statement", "Foto: Beispiel AG", "Foto: Erika Muster", "Urheberin hat sich gemeldet"],
      ["portal_label", null, "KI-generiert", "Urheberin hat sich gemeldet"],
    ]);
    expect(
      (await db.pressReleaseAiDeclaration.findMany({ where: { imageId: image.id }, orderBy: { version: "asc" } })).map((d) => [
        d.version,
        d.declaration,
      ]),
    ).toEqual([[1, "ai_generated"]]);
    await runPendingArchiveJobs();
    expect(await db.archiveEntry.count({ where: { kind: "image_snapshot", subjectId: image.id } })).toBe(4);
    expect((await publicImagesOf(db, [release.id])).get(release.id)?.[0]).toMatchObject({
      credit: "© Foto: Erika Muster · KI-generiert",
      ogKey: after.ogVariantPath,
    });
  });

  it("two corrections at once: one wins, the other is refused and leaves the winner's files", async () => {
    const { image, owner } = await releaseWithImage();
    const results = await Promise.allSettled([
      correctImageDeclaration({ imageId: image.id, userId: owner.id, customerStatement: "Foto: A" }),
      correctImageDeclaration({ imageId: image.id, userId: owner.id, customerStatement: "Foto: A" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const row = await db.pressReleaseImage.findUniqueOrThrow({ where: { id: image.id }, include: { corrections: true } });
    expect(row.customerStatement).toBe("Foto: A");
    expect(await getFileStorage().get(row.ogVariantPath!)).not.toBeNull();
    // Never public: an edit, no correction rows.
    expect(row.corrections).toHaveLength(0);
  });
});
