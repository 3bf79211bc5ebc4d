import { bestEffort } from "@/lib/domains/activity/best-effort";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { ownReleaseOrThrow } from "@/lib/domains/accounts/newsrooms";
import { db } from "@/lib/core/db/client";
import { enqueueArchiveJob } from "@/lib/domains/evidence/pending-jobs";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";
import { isReadableText, UNREADABLE_TEXT_MESSAGE } from "@/lib/core/input/text";
import { bumpPublicCacheGeneration } from "@/lib/domains/releases/public-cache";
import { changeReleaseImages } from "@/lib/domains/releases/review-images";
import { getFileStorage } from "@/lib/core/storage/file-storage";
import { creditLine, portalLabelFor, type AiDeclaration } from "@/lib/domains/images/credit";
import { assertMayChangeImages, releaseActorOf, type ImageActor } from "./image-access";
import { currentImageDeclarations } from "@/lib/domains/images/image-declarations";
import { imageResourceSelect, toImageResource, type ImageResource } from "@/lib/domains/images/image-resource";
import { metadataHashOf } from "@/lib/domains/images/metadata-hash";
import { renderOgVariant } from "@/lib/domains/images/processing/og-variant";
import { recordSnapshots, snapshotFiles } from "@/lib/domains/images/snapshots";
import { takeImageWorkBudget } from "@/lib/domains/images/upload/upload-capacity";
import { imageKeys, newStoragePrefix } from "@/lib/domains/images/storage-keys";

export interface CorrectImageDeclarationOptions extends ImageActor {
  imageId: number;
  /** When given (the API path names it), the image must belong to this release. */
  releaseId?: number;
  /** The new credit statement (API `copyright`). */
  customerStatement?: string;
  alt?: string | null;
  aiDeclaration?: AiDeclaration;
  /** Why; kept with each correction of a declaration that was public. */
  reason?: string | null;
  /** Who acts in the customer's session: credit and AI declaration are the customer's statements, which staff acting as the customer do not make. */
  acting?: Acting;
  now?: Date;
}

/**
 * Corrects what is stated about an image: its credit, alt text or AI declaration. The portal
 * label follows, the og variant is rendered again with the new credit bar, and a new snapshot is
 * taken for the new metadata hash (the old one stays). A declaration that was public is
 * corrected with one insert-only image_declaration_corrections row per changed field and its new
 * snapshot is archived. The AI declaration is a new version, never an edit. The metadata hash is
 * part of the release's review fingerprint: a release in review or scheduled goes back to its check.
 */
export async function correctImageDeclaration(opts: CorrectImageDeclarationOptions): Promise<ImageResource> {
  assertNotImpersonating(opts.acting, "image_statement");
  const now = opts.now ?? new Date();
  if (!isRecordId(opts.imageId)) throw notFound("Image not found.");
  const statement = opts.customerStatement?.trim();
  if (statement !== undefined && (statement.length < 2 || statement.length > 200))
    throw new AppError("validation_failed", "The credit needs 2 to 200 characters.", undefined, [
      { path: "copyright", message: "2 to 200 characters" },
    ]);
  const alt = opts.alt === undefined ? undefined : opts.alt?.trim() || null;
  if (alt && alt.length > 300)
    throw new AppError("validation_failed", "The alt text may have 300 characters at most.", undefined, [
      { path: "alt", message: "300 characters at most" },
    ]);
  // Shown to readers, burned into the og image and judged by the check: readable text only, at every door.
  const fields = { copyright: statement, alt };
  const unreadable = (["copyright", "alt"] as const)
    .filter((f) => !!fields[f] && !isReadableText(fields[f]))
    .map((path) => ({ path, message: UNREADABLE_TEXT_MESSAGE }));
  if (unreadable.length)
    throw new AppError("validation_failed", "The credit or alt text contains characters that are not readable.", undefined, unreadable);
  const reason = opts.reason?.trim() || null;
  if (reason && reason.length > 500)
    throw new AppError("validation_failed", "The reason is too long (500 characters at most).", undefined, [
      { path: "reason", message: "too long" },
    ]);
  const image = await db.pressReleaseImage.findFirst({
    where: { id: opts.imageId, deletedAt: null },
    include: { pressRelease: { select: { id: true, companyId: true, authorUserId: true, status: true, goneAt: true, language: true } } },
  });
  if (!image || (opts.releaseId !== undefined && opts.releaseId !== image.pressReleaseId)) throw notFound("Image not found.");
  if (!opts.asAdmin) await ownReleaseOrThrow(opts.userId, image.pressReleaseId);
  await assertMayChangeImages(db, opts, image.pressRelease);
  // Each correction renders the og variant again and keeps a snapshot: the same budget as uploads.
  await takeImageWorkBudget(opts.userId);

  const declared = (await currentImageDeclarations([image.id])).get(image.id) ?? null;
  const next = {
    customerStatement: statement ?? image.customerStatement,
    alt: alt === undefined ? image.alt : alt,
    aiDeclaration: opts.aiDeclaration ?? declared,
  };
  const portalLabel = portalLabelFor({
    declaration: next.aiDeclaration,
    provenanceAiGenerated: image.provenanceFinding === "ai_generated",
    language: image.pressRelease.language,
  });
  const metadataHash = metadataHashOf({ ...next, portalLabel });
  if (metadataHash === image.metadataHash)
    return toImageResource(
      await db.pressReleaseImage.findUniqueOrThrow({ where: { id: image.id }, select: imageResourceSelect }),
      declared,
    );

  const storage = getFileStorage();
  // The og variant is rendered from the original; a legacy image without one from its largest display copy.
  const source = (image.originalPath ? await storage.get(image.originalPath) : null) ?? (await storage.get(image.displayPath));
  const cover = await storage.get(image.displayPath);
  if (!source || !cover) throw new AppError("conflict", "The files of this image are no longer complete; upload it again.");
  const og = await renderOgVariant(source.bytes, {
    credit: creditLine({ customerStatement: next.customerStatement, portalLabel }),
    focusX: image.focusX,
    focusY: image.focusY,
    noCrop: image.noCrop,
  });
  // A legacy image stored before prefixes were recorded gets one for its new files.
  const storagePrefix = image.storagePrefix || newStoragePrefix();
  const ogKey = imageKeys(storagePrefix, image.bytesSha256).og(metadataHash);
  const snapshots = snapshotFiles(
    {
      storagePrefix,
      bytesSha256: image.bytesSha256,
      metadataHash,
      ...next,
      portalLabel,
      provenanceFinding: image.provenanceFinding,
      coverJpeg: cover.bytes,
      ogJpeg: og,
    },
    now,
  );
  // Back to an earlier declaration: its snapshot exists already and stays as it was taken.
  const taken = await db.pressReleaseImageSnapshot.count({ where: { imageId: image.id, bytesHash: image.bytesSha256, metadataHash } });
  const files = [{ key: ogKey, bytes: og, contentType: "image/jpeg" }, ...(taken ? [] : snapshots.files)];
  for (const f of files) await storage.put(f.key, f.bytes, f.contentType);

  try {
    await changeReleaseImages(image.pressReleaseId, { actor: releaseActorOf(opts), now }, async (tx, release) => {
      await assertMayChangeImages(tx, opts, release);
      // Conditional: a correction made meanwhile by someone else wins; this one is refused, not merged.
      const changed = await tx.pressReleaseImage.updateMany({
        where: { id: image.id, deletedAt: null, metadataHash: image.metadataHash },
        data: { customerStatement: next.customerStatement, alt: next.alt, portalLabel, metadataHash, ogVariantPath: ogKey, storagePrefix },
      });
      if (!changed.count) throw new AppError("conflict", "The image was changed meanwhile. Reload and correct it again.");
      if (next.aiDeclaration !== declared && next.aiDeclaration) {
        const newest = await tx.pressReleaseAiDeclaration.findFirst({
          where: { imageId: image.id, scope: "image" },
          orderBy: { version: "desc" },
          select: { version: true },
        });
        await tx.pressReleaseAiDeclaration.create({
          data: {
            pressReleaseId: release.id,
            imageId: image.id,
            scope: "image",
            declaration: next.aiDeclaration,
            version: (newest?.version ?? 0) + 1,
            userId: opts.userId,
          },
        });
      }
      if (image.publishedEverAt) {
        const fields: [string, string | null, string | null][] = [
          ["customer_statement", image.customerStatement, next.customerStatement],
          ["alt", image.alt, next.alt],
          ["portal_label", image.portalLabel, portalLabel],
          ["ai_declaration", declared, next.aiDeclaration],
        ];
        const corrections = fields
          .filter(([, before, after]) => before !== after)
          .map(([field, oldValue, newValue]) => ({ imageId: image.id, userId: opts.userId, field, oldValue, newValue, reason }));
        await tx.imageDeclarationCorrection.createMany({ data: corrections });
      }
      if (!taken) await recordSnapshots(tx, image.id, image.bytesSha256, metadataHash, snapshots.rows);
      if (image.publishedEverAt)
        await enqueueArchiveJob(tx, {
          operation: "image_evidence",
          subjectType: "press_release_image",
          subjectId: image.id,
          pressReleaseId: release.id,
        });
      if (release.status === "published") await bumpPublicCacheGeneration(tx);
      await recordActivity(
        {
          actorUserId: opts.userId,
          type: ACTIVITY.imageDeclarationCorrected,
          subjectType: "press_release_image",
          subjectId: image.id,
          reason: reason ?? undefined,
        },
        tx,
      );
    });
  } catch (err) {
    // Only files no row refers to: a correction to the same declaration that won wrote the same keys.
    await bestEffort("removal of a refused correction's files", async () => {
      const current = await db.pressReleaseImage.findUnique({
        where: { id: image.id },
        select: { ogVariantPath: true, snapshots: { select: { coverPath: true, jsonPath: true } } },
      });
      const kept = new Set([current?.ogVariantPath, ...(current?.snapshots ?? []).flatMap((x) => [x.coverPath, x.jsonPath])]);
      await Promise.all(files.filter((f) => !kept.has(f.key)).map((f) => storage.delete(f.key)));
    });
    throw err;
  }
  // The old og variant is no longer served; its snapshot copy stays as evidence.
  if (image.ogVariantPath && image.ogVariantPath !== ogKey)
    await bestEffort("old og variant removal", () => storage.delete(image.ogVariantPath!));
  const row = await db.pressReleaseImage.findUniqueOrThrow({ where: { id: image.id }, select: imageResourceSelect });
  return toImageResource(row, next.aiDeclaration);
}
