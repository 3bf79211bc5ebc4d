import { LoginLinkInvalidError } from "@/lib/domains/accounts/login-links";
import { recordLinkConversion } from "@/lib/domains/accounts/login-links/record-link-conversion";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { confirmImageRights } from "@/lib/domains/release-images/confirm-image-rights";
import type { ImageResource } from "@/lib/domains/images/image-resource";
import { awaitingOwnerConfirmation, findOpenConfirmationLink } from "@/lib/domains/images/confirmation-link/find-confirmation-link";

/**
 * The owner confirms the rights to the image an image-confirmation link names, with the link
 * instead of a session (spec 5.10, 6.3): the link is spent, the confirmation is the owner's
 * (confirmImageRights checks the role again), and nobody is signed in. Throws
 * LoginLinkInvalidError for a dead link, a conflict when the image needs nothing more.
 */
export async function confirmImageRightsByLink(opts: {
  token: string;
  confirmTextVersion: string;
  ip: string | null;
  now?: Date;
}): Promise<ImageResource> {
  const now = opts.now ?? new Date();
  const link = await findOpenConfirmationLink(opts.token, now);
  if (!link) throw new LoginLinkInvalidError("unknown");
  if (!(await db.pressReleaseImage.count({ where: awaitingOwnerConfirmation(link.imageId, link.userId) }))) {
    throw new AppError("conflict", "This image no longer waits for your confirmation.");
  }
  // Race: the same link submitted twice at once. The claim is conditional on used_at IS NULL, so
  // one request goes on; a confirmation that fails (a changed wording, the role lost meanwhile)
  // gives the claim back, and the owner can try again with the same link.
  const { count } = await db.magicLink.updateMany({
    where: { id: link.linkId, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (count !== 1) throw new LoginLinkInvalidError("used");
  let confirmed: ImageResource;
  try {
    confirmed = await confirmImageRights({
      imageId: link.imageId,
      userId: link.userId,
      confirmTextVersion: opts.confirmTextVersion,
      ip: opts.ip,
      now,
    });
  } catch (err) {
    await db.magicLink.updateMany({ where: { id: link.linkId, usedAt: now }, data: { usedAt: null } });
    throw err;
  }
  await recordLinkConversion(link);
  return confirmed;
}
