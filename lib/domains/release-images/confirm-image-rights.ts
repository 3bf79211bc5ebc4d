import { assertCompanyAbility } from "@/lib/domains/accounts/abilities";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { db } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";
import { bumpPublicCacheGeneration } from "@/lib/domains/releases/public-cache";
import { changeReleaseImages } from "@/lib/domains/releases/review-images";
import { ipHmac } from "@/lib/core/security/client-ip";
import { assertCurrentConfirmText } from "@/lib/domains/images/confirm-text";
import { imageResourceSelect, toImageResource, type ImageResource } from "@/lib/domains/images/image-resource";
import { currentImageDeclarations } from "@/lib/domains/images/image-declarations";
import { markImagesPublished } from "@/lib/domains/images/mark-images-published";

/**
 * The account owner confirms the rights to an image (spec 5.11 `confirmImageRights`: owners
 * only, no super-admin shortcut): a new confirmation bound to the image id and its bytes, and
 * for an admin's upload the owner's release of it. On a published release it goes public now;
 * on a release in review or scheduled the image is now part of what its check must have seen
 * (the review fingerprint), so the release goes back to its check, and a publication a missing
 * confirmation held up is tried again by that check. It is the customer's own legal statement:
 * staff acting in the customer's session (`acting`, support access) cannot make it for them.
 */
export async function confirmImageRights(opts: {
  imageId: number;
  userId: number;
  confirmTextVersion: string;
  ip: string | null;
  acting?: Acting;
  now?: Date;
}): Promise<ImageResource> {
  assertNotImpersonating(opts.acting, "image_rights");
  const now = opts.now ?? new Date();
  if (!isRecordId(opts.imageId)) throw notFound("Image not found.");
  const text = assertCurrentConfirmText(opts.confirmTextVersion);
  const found = await db.pressReleaseImage.findFirst({ where: { id: opts.imageId, deletedAt: null }, select: { pressReleaseId: true } });
  if (!found) throw notFound("Image not found.");
  // The release first (changeReleaseImages locks it), then the image: the order every image change locks in.
  await changeReleaseImages(found.pressReleaseId, { actor: { type: "user", userId: opts.userId }, now }, async (tx, release) => {
    const locked = await tx.$queryRaw<
      { id: number }[]
    >`SELECT id FROM press_release_images WHERE id = ${opts.imageId} AND deleted_at IS NULL FOR UPDATE`;
    if (!locked.length) throw notFound("Image not found.");
    const image = await tx.pressReleaseImage.findUniqueOrThrow({
      where: { id: opts.imageId },
      select: { id: true, bytesSha256: true, uploadedByAdmin: true, ownerConfirmedAt: true },
    });
    await assertCompanyAbility(opts.userId, release.companyId, "confirmImageRights", tx);
    const address = ipHmac(opts.ip ?? "unknown");
    await tx.imageRightsConfirmation.create({
      data: {
        subjectType: "press_release",
        subjectId: release.id,
        imageId: image.id,
        imageSha256: image.bytesSha256,
        legalTextKey: text.key,
        userId: opts.userId,
        ipHmac: address.value,
        ipHmacKeyVersion: address.keyVersion,
        source: "owner_confirmation",
      },
    });
    if (image.uploadedByAdmin && !image.ownerConfirmedAt)
      await tx.pressReleaseImage.update({ where: { id: image.id }, data: { ownerConfirmedAt: now } });
    if (release.status === "published") {
      await markImagesPublished(tx, release.id, now);
      await bumpPublicCacheGeneration(tx);
    }
    await recordActivity(
      {
        actorUserId: opts.userId,
        type: ACTIVITY.imageRightsConfirmed,
        subjectType: "press_release_image",
        subjectId: image.id,
        result: text.key,
      },
      tx,
    );
  });
  const row = await db.pressReleaseImage.findUniqueOrThrow({ where: { id: opts.imageId }, select: imageResourceSelect });
  return toImageResource(row, (await currentImageDeclarations([row.id])).get(row.id) ?? null);
}
