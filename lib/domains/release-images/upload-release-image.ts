import { ownReleaseOrThrow } from "@/lib/domains/accounts/newsrooms";
import { db } from "@/lib/core/db/client";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { changeReleaseImages } from "@/lib/domains/releases/review-images";
import { bumpPublicCacheGeneration } from "@/lib/domains/releases/public-cache";
import { ipHmac } from "@/lib/core/security/client-ip";
import { getFileStorage } from "@/lib/core/storage/file-storage";
import { bestEffort } from "@/lib/domains/activity/best-effort";
import { assertCurrentConfirmText } from "@/lib/domains/images/confirm-text";
import { assertMayChangeImages, releaseActorOf, type ImageActor } from "./image-access";
import { imageResourceSelect, toImageResource, type ImageResource, type ImageWarning } from "@/lib/domains/images/image-resource";
import { requestOwnerConfirmation } from "@/lib/domains/images/owner-confirmations";
import { recordSnapshots } from "@/lib/domains/images/snapshots";
import { newStoragePrefix } from "@/lib/domains/images/storage-keys";
import { MAX_IMAGES_PER_RELEASE } from "@/lib/domains/images/variants";
import { PrecheckRejectedError, processUpload, type ProcessedUpload } from "@/lib/domains/images/upload/process-upload";
import type { ImageUploadForm } from "@/lib/domains/images/upload/read-image-upload-form";
import { uploadFiles } from "@/lib/domains/images/upload/upload-files";
import { warningsOf } from "@/lib/domains/images/upload/upload-warnings";
import { emitImageWebhook } from "@/lib/domains/webhooks/account-events";

/** Version of the upload rules an image was taken under (press_release_images.rules_version). */
export const IMAGE_RULES_VERSION = "2026-11";

export interface UploadReleaseImageOptions extends ImageActor {
  releaseId: number;
  form: ImageUploadForm;
  /** The client's address; stored only as a versioned HMAC on the confirmation. */
  ip: string | null;
  source: "api" | "dashboard" | "admin";
  now?: Date;
}

/**
 * Image upload (spec 4.2, 3.1 image rows): the confirmation first (a stale wording is 422 with
 * the current identifier), then the file is decoded, checked and rendered outside any
 * transaction, its files stored, and finally, under the release lock, the row, its confirmation,
 * AI declaration, precheck audit and evidence snapshots commit together, with the release's
 * review fingerprint (a release in review or scheduled goes back to its check). A failed commit
 * removes the stored files again.
 */
export async function uploadReleaseImage(opts: UploadReleaseImageOptions): Promise<{ image: ImageResource; warnings: ImageWarning[] }> {
  const { form } = opts;
  const now = opts.now ?? new Date();
  if (!form.rightsConfirmed) {
    throw new AppError("validation_failed", "Confirm that you hold the rights to this image (rights_confirmed).", undefined, [
      { path: "rights_confirmed", message: "must be confirmed" },
    ]);
  }
  const text = assertCurrentConfirmText(form.confirmTextVersion);
  const release = opts.asAdmin
    ? await db.pressRelease.findFirst({ where: { id: opts.releaseId, deletedAt: null } })
    : await ownReleaseOrThrow(opts.userId, opts.releaseId);
  if (!release) throw notFound("Press release not found.");
  // Refused before the expensive part; checked again under the lock below.
  await assertMayChangeImages(db, opts, release);

  let processed: ProcessedUpload;
  try {
    processed = await processUpload({
      bytes: form.bytes,
      customerStatement: form.copyright,
      alt: form.alt,
      aiDeclaration: form.aiDeclaration,
      language: release.language,
      focusX: form.focusX,
      focusY: form.focusY,
      noCrop: form.noCrop,
    });
  } catch (err) {
    if (err instanceof PrecheckRejectedError) {
      await db.kiAudit.create({
        data: {
          pressReleaseId: release.id,
          type: "image_precheck",
          contentHash: err.decoded.sha256,
          result: { outcome: "reject", analyser: err.run.analyser, scores: err.run.scores, reasons: err.run.reasons } as object,
        },
      });
    }
    throw err;
  }

  const prefix = newStoragePrefix();
  const sha = processed.decoded.sha256;
  const planned = uploadFiles({
    prefix,
    original: form.bytes,
    processed,
    customerStatement: form.copyright,
    alt: form.alt,
    aiDeclaration: form.aiDeclaration,
    takenAt: now,
  });
  const files = planned.files;
  const storage = getFileStorage();
  const stored: string[] = [];
  let imageId: number;
  try {
    for (const f of files) {
      await storage.put(f.key, f.bytes, f.contentType);
      stored.push(f.key);
    }
    imageId = await changeReleaseImages(release.id, { actor: releaseActorOf(opts), now }, async (tx, locked) => {
      await assertMayChangeImages(tx, opts, locked);
      const existing = await tx.pressReleaseImage.findMany({
        where: { pressReleaseId: locked.id, deletedAt: null },
        select: { position: true, isCover: true },
      });
      if (existing.length >= MAX_IMAGES_PER_RELEASE)
        throw new AppError("conflict", `A release can carry at most ${MAX_IMAGES_PER_RELEASE} images.`, {
          max_images: MAX_IMAGES_PER_RELEASE,
        });
      const precheck = processed.precheck;
      const image = await tx.pressReleaseImage.create({
        data: {
          pressReleaseId: locked.id,
          position: existing.reduce((max, i) => Math.max(max, i.position + 1), 0),
          isCover: !existing.some((i) => i.isCover),
          alt: form.alt,
          customerStatement: form.copyright,
          portalLabel: processed.portalLabel,
          provenanceFinding: processed.provenance.finding,
          provenanceDetails: processed.provenance.details,
          originalPath: planned.originalKey,
          bytesSha256: sha,
          metadataHash: processed.metadataHash,
          mimeType: processed.decoded.mimeType,
          width: processed.decoded.width,
          height: processed.decoded.height,
          sizeBytes: processed.decoded.sizeBytes,
          displayPath: planned.displayKey,
          ogVariantPath: planned.ogKey,
          variants: planned.variants as object[],
          storagePrefix: prefix,
          rulesVersion: IMAGE_RULES_VERSION,
          formVersion: text.formVersion,
          focusX: form.focusX,
          focusY: form.focusY,
          noCrop: form.noCrop,
          uploadedByUserId: opts.userId,
          uploadedByAdmin: !!opts.asAdmin,
          ...(precheck
            ? {
                precheckOutcome: precheck.outcome,
                precheckReasons: precheck.reasons as object[],
                precheckScores: precheck.scores,
                precheckAt: now,
                precheckWithheldAt: precheck.outcome === "queue" ? now : null,
                precheckSnapshot: {
                  analyser: precheck.analyser,
                  outcome: precheck.outcome,
                  scores: precheck.scores,
                  reasons: precheck.reasons,
                  note: precheck.note,
                  contentHash: sha,
                  at: now.toISOString(),
                } as object,
              }
            : {}),
        },
      });
      const address = ipHmac(opts.ip ?? "unknown");
      await tx.imageRightsConfirmation.create({
        data: {
          subjectType: "press_release",
          subjectId: locked.id,
          imageId: image.id,
          imageSha256: sha,
          legalTextKey: text.key,
          userId: opts.userId,
          ipHmac: address.value,
          ipHmacKeyVersion: address.keyVersion,
          source: opts.source,
        },
      });
      if (form.aiDeclaration) {
        await tx.pressReleaseAiDeclaration.create({
          data: {
            pressReleaseId: locked.id,
            imageId: image.id,
            scope: "image",
            declaration: form.aiDeclaration,
            version: 1,
            userId: opts.userId,
          },
        });
      }
      if (precheck) {
        await tx.kiAudit.create({
          data: {
            pressReleaseId: locked.id,
            imageId: image.id,
            type: "image_precheck",
            contentHash: sha,
            result: {
              outcome: precheck.outcome,
              analyser: precheck.analyser,
              scores: precheck.scores,
              reasons: precheck.reasons,
              note: precheck.note,
            } as object,
          },
        });
      }
      await recordSnapshots(tx, image.id, sha, processed.metadataHash, planned.snapshotRows);
      if (precheck?.outcome === "queue")
        await emitImageWebhook(tx, {
          companyId: locked.companyId,
          releaseId: locked.id,
          imageId: image.id,
          type: "image.withheld",
          reason: "precheck",
          now,
        });
      if (opts.asAdmin) await requestOwnerConfirmation(tx, { imageId: image.id, releaseId: locked.id, companyId: locked.companyId, now });
      if (locked.status === "published") await bumpPublicCacheGeneration(tx);
      return image.id;
    });
  } catch (err) {
    await bestEffort("removal of an upload's files", () => Promise.all(stored.map((k) => storage.delete(k))));
    throw err;
  }
  // After the commit: the files belong to the image now, whatever happens below.
  const row = await db.pressReleaseImage.findUniqueOrThrow({ where: { id: imageId }, select: imageResourceSelect });
  const image = toImageResource(row, form.aiDeclaration);
  return { image, warnings: warningsOf(image, processed) };
}
