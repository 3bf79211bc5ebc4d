import { hashLinkToken, isWellFormedLinkToken } from "@/lib/domains/accounts/login-links";
import { db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isRecordId } from "@/lib/core/input/ids";
import { getSiteHosts, siteOrigin } from "@/lib/domains/sites";
import { currentImageDeclarations } from "../image-declarations";
import { imageResourceSelect, toImageResource, type ImageResource } from "../image-resource";

// An image-confirmation link (purpose image_confirmation, spec 5.10, 6.3) is sent unasked and
// lives 7 days, so it is worth little to whoever finds the mail: it confirms the rights to the
// one image it names, for the owner it went to, and never signs anyone in.

/** The page the mail links to; it confirms on a click, never on load (mail scanners open links). */
export const imageConfirmationUrl = (token: string): string => `${siteOrigin("hub", getSiteHosts())}/images/confirm/${token}`;

export interface OpenConfirmationLink {
  linkId: number;
  userId: number;
  imageId: number;
  source: string | null;
  payload: unknown;
  expiresAt: Date;
}

/** The link behind a token while it can still be used: unused, unexpired, its account unchanged. */
export async function findOpenConfirmationLink(token: string, now = new Date()): Promise<OpenConfirmationLink | null> {
  if (!isWellFormedLinkToken(token)) return null;
  const link = await db.magicLink.findUnique({
    where: { tokenHash: hashLinkToken(token) },
    select: {
      id: true,
      purpose: true,
      usedAt: true,
      expiresAt: true,
      email: true,
      source: true,
      payload: true,
      user: { select: { id: true, email: true, isActive: true, deletedAt: true } },
    },
  });
  if (!link || link.purpose !== "image_confirmation" || link.usedAt || link.expiresAt <= now) return null;
  // The link went to the address the account had then; a changed address voids it.
  if (!link.user || !link.user.isActive || link.user.deletedAt || link.user.email !== link.email) return null;
  const imageId = (link.payload as { imageId?: unknown } | null)?.imageId;
  if (!isRecordId(imageId)) return null;
  return { linkId: link.id, userId: link.user.id, imageId, source: link.source, payload: link.payload, expiresAt: link.expiresAt };
}

/** An admin's upload still waiting for this owner's confirmation. */
export const awaitingOwnerConfirmation = (imageId: number, userId: number): Prisma.PressReleaseImageWhereInput => ({
  id: imageId,
  uploadedByAdmin: true,
  ownerConfirmedAt: null,
  deletedAt: null,
  withheldAt: null,
  pressRelease: { deletedAt: null, company: { deletedAt: null, members: { some: { userId, role: "owner" } } } },
});

/** The open link's image, while it still waits for the link's owner; else null. */
export async function waitingImageOfLink(token: string, now = new Date()): Promise<{ imageId: number; userId: number } | null> {
  const link = await findOpenConfirmationLink(token, now);
  if (!link || !(await db.pressReleaseImage.count({ where: awaitingOwnerConfirmation(link.imageId, link.userId) }))) return null;
  return { imageId: link.imageId, userId: link.userId };
}

export type ImageConfirmationLinkView =
  | { state: "open"; image: ImageResource & { releaseId: number; releaseTitle: string }; expiresAt: Date }
  /** The image needs nothing more (confirmed meanwhile, removed, or the person is no owner now). */
  | { state: "settled" }
  /** Unknown, used, expired, or its account changed. */
  | { state: "invalid" };

/** What the confirmation page shows for a token. Looking spends nothing. */
export async function imageConfirmationLinkView(token: string, now = new Date()): Promise<ImageConfirmationLinkView> {
  const link = await findOpenConfirmationLink(token, now);
  if (!link) return { state: "invalid" };
  const row = await db.pressReleaseImage.findFirst({
    where: awaitingOwnerConfirmation(link.imageId, link.userId),
    select: { ...imageResourceSelect, pressRelease: { select: { id: true, title: true } } },
  });
  if (!row) return { state: "settled" };
  const image = toImageResource(row, (await currentImageDeclarations([row.id])).get(row.id) ?? null);
  return {
    state: "open",
    image: { ...image, releaseId: row.pressRelease.id, releaseTitle: row.pressRelease.title },
    expiresAt: link.expiresAt,
  };
}
