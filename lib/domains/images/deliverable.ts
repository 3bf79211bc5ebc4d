import type { DbOrTx } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { creditLine } from "./credit";
import { parseVariants, type ImageVariant } from "./variants";

/** What isPubliclyDeliverable needs to know of an image row. */
export interface DeliverabilityFacts {
  deletedAt: Date | null;
  withheldAt: Date | null;
  precheckWithheldAt: Date | null;
  uploadedByAdmin: boolean;
  ownerConfirmedAt: Date | null;
  formVersion: "v1" | "v2";
  bytesSha256: string;
  confirmations: { imageSha256: string }[];
}

/**
 * The single gate for pages, feeds, sitemaps, the og image and the media route (spec 2.4): not
 * removed, not withheld (by an admin or for precheck review), an admin's upload confirmed by the
 * account owner, and a v2-form image confirmed for exactly these bytes. The release around it
 * must be publicly visible too; callers query through publiclyVisibleReleaseWhere for that.
 */
export function isPubliclyDeliverable(image: DeliverabilityFacts): boolean {
  if (image.deletedAt || image.withheldAt || image.precheckWithheldAt) return false;
  if (image.uploadedByAdmin && !image.ownerConfirmedAt) return false;
  if (image.formVersion === "v2" && !image.confirmations.some((c) => c.imageSha256 === image.bytesSha256)) return false;
  return true;
}

/** The columns isPubliclyDeliverable reads, for a Prisma select or include. */
export const deliverabilitySelect = {
  deletedAt: true,
  withheldAt: true,
  precheckWithheldAt: true,
  uploadedByAdmin: true,
  ownerConfirmedAt: true,
  formVersion: true,
  bytesSha256: true,
  confirmations: { select: { imageSha256: true } },
} satisfies Prisma.PressReleaseImageSelect;

/**
 * The images a publication of their release would deliver, as far as the image decides: not
 * removed, not withheld, an admin's upload released by the owner. A v2 image without a
 * confirmation of its bytes is not left out here: it blocks publish() instead. What a check or
 * approval is valid for covers exactly these (lib/domains/releases/review-images.ts).
 */
export const deliveredOnPublicationWhere = {
  deletedAt: null,
  withheldAt: null,
  precheckWithheldAt: null,
  OR: [{ uploadedByAdmin: false }, { ownerConfirmedAt: { not: null } }],
} satisfies Prisma.PressReleaseImageWhereInput;

/** A narrowing pre-filter for queries; isPubliclyDeliverable still decides on the rows it returns. */
export const deliverableCandidateWhere = {
  deletedAt: null,
  withheldAt: null,
  precheckWithheldAt: null,
} satisfies Prisma.PressReleaseImageWhereInput;

/** An image as public pages, feeds and sitemaps show it. */
export interface PublicImage {
  id: number;
  pressReleaseId: number;
  position: number;
  isCover: boolean;
  alt: string | null;
  /** The credit shown under the image and burned into the og variant. */
  credit: string;
  width: number;
  height: number;
  variants: ImageVariant[];
  /** The largest JPEG: feeds, sitemaps and JSON-LD point here. */
  displayKey: string;
  ogKey: string | null;
  bytesSha256: string;
  /** Crop control (spec 2.4): list thumbnails frame the image by it (lib/domains/images/crop.ts). */
  focusX: number;
  focusY: number;
  noCrop: boolean;
}

// The confirmations are read apart, only for images whose form asks for them: the ORM would ask
// for them even when a release has no image, a query more per release page for nothing.
const { confirmations: _confirmations, ...deliverabilityColumns } = deliverabilitySelect;
const publicImageSelect = {
  ...deliverabilityColumns,
  id: true,
  pressReleaseId: true,
  position: true,
  isCover: true,
  alt: true,
  customerStatement: true,
  portalLabel: true,
  width: true,
  height: true,
  variants: true,
  displayPath: true,
  ogVariantPath: true,
  focusX: true,
  focusY: true,
  noCrop: true,
} satisfies Prisma.PressReleaseImageSelect;

/**
 * The deliverable images of the given releases, cover first, then by position. The caller has
 * already limited `releaseIds` to publicly visible releases.
 */
export async function publicImagesOf(client: DbOrTx, releaseIds: number[]): Promise<Map<number, PublicImage[]>> {
  const out = new Map<number, PublicImage[]>();
  if (!releaseIds.length) return out;
  const rows = await client.pressReleaseImage.findMany({
    where: { pressReleaseId: { in: releaseIds }, ...deliverableCandidateWhere },
    select: publicImageSelect,
    orderBy: [{ isCover: "desc" }, { position: "asc" }, { id: "asc" }],
  });
  const confirmations = await confirmationsOf(
    client,
    rows.filter((row) => row.formVersion === "v2").map((row) => row.id),
  );
  for (const row of rows) {
    if (!isPubliclyDeliverable({ ...row, confirmations: confirmations.get(row.id) ?? [] })) continue;
    const list = out.get(row.pressReleaseId) ?? [];
    list.push({
      id: row.id,
      pressReleaseId: row.pressReleaseId,
      position: row.position,
      isCover: row.isCover,
      alt: row.alt,
      credit: creditLine(row),
      width: row.width,
      height: row.height,
      variants: parseVariants(row.variants),
      displayKey: row.displayPath,
      ogKey: row.ogVariantPath,
      bytesSha256: row.bytesSha256,
      focusX: row.focusX,
      focusY: row.focusY,
      noCrop: row.noCrop,
    });
    out.set(row.pressReleaseId, list);
  }
  return out;
}

/** The rights confirmations of these images, by image; no query for none. */
async function confirmationsOf(client: DbOrTx, imageIds: number[]): Promise<Map<number, { imageSha256: string }[]>> {
  const out = new Map<number, { imageSha256: string }[]>();
  if (!imageIds.length) return out;
  const rows = await client.imageRightsConfirmation.findMany({
    where: { imageId: { in: imageIds } },
    select: { imageId: true, imageSha256: true },
  });
  for (const { imageId, imageSha256 } of rows) out.set(imageId, [...(out.get(imageId) ?? []), { imageSha256 }]);
  return out;
}
