import { createLoginLink } from "@/lib/domains/accounts/login-links";
import { db, type Tx } from "@/lib/core/db/client";
import { sendImageConfirmationLink } from "@/lib/domains/mail/notifications/send-image-confirmation-link";
import { imageConfirmationUrl } from "./confirmation-link/find-confirmation-link";
import { imageResourceSelect, toImageResource, type ImageResource } from "./image-resource";
import { currentImageDeclarations } from "./image-declarations";

/**
 * An image an admin uploaded is not public until an owner of the newsroom confirms its rights
 * (spec 2.4, 5.10): every active owner gets a link of purpose image_confirmation, made in the
 * upload's transaction, so there is no image without its mails and no mail without its image.
 * The link confirms this one image and signs nobody in (./confirmation-link).
 */
export async function requestOwnerConfirmation(
  tx: Tx,
  opts: { imageId: number; releaseId: number; companyId: number; now?: Date },
): Promise<number> {
  const owners = await tx.companyUser.findMany({
    where: { companyId: opts.companyId, role: "owner", user: { isActive: true, deletedAt: null } },
    select: { user: { select: { id: true, email: true } } },
  });
  for (const { user } of owners) {
    const link = await createLoginLink(
      {
        email: user.email,
        userId: user.id,
        purpose: "image_confirmation",
        source: "image_confirmation",
        payload: { pressReleaseId: opts.releaseId, imageId: opts.imageId },
        now: opts.now,
      },
      tx,
    );
    await sendImageConfirmationLink(
      { userId: user.id, releaseId: opts.releaseId, link: { url: imageConfirmationUrl(link.token), expiresAt: link.expiresAt } },
      tx,
    );
  }
  return owners.length;
}

/** Admin uploads waiting for this owner's confirmation, newest first. */
export async function imagesAwaitingOwnerConfirmation(userId: number): Promise<(ImageResource & { releaseTitle: string })[]> {
  const rows = await db.pressReleaseImage.findMany({
    where: {
      uploadedByAdmin: true,
      ownerConfirmedAt: null,
      deletedAt: null,
      withheldAt: null,
      pressRelease: { deletedAt: null, company: { deletedAt: null, members: { some: { userId, role: "owner" } } } },
    },
    select: { ...imageResourceSelect, pressRelease: { select: { title: true } } },
    orderBy: { createdAt: "desc" },
    take: 100,
  });
  const declarations = await currentImageDeclarations(rows.map((r) => r.id));
  return rows.map((r) => ({ ...toImageResource(r, declarations.get(r.id) ?? null), releaseTitle: r.pressRelease.title }));
}
