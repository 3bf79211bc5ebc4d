import { ownReleaseOrThrow } from "@/lib/domains/accounts/newsrooms";
import { db } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";
import { assertMayViewImages, type ImageActor } from "@/lib/domains/release-images/image-access";
import { currentImageDeclarations } from "@/lib/domains/images/image-declarations";
import { imageResourceSelect, toImageResource, type ImageResource } from "@/lib/domains/images/image-resource";

/** A release's current images in their order, for the dashboard and the API. */
export async function listReleaseImages(opts: ImageActor & { releaseId: number }): Promise<ImageResource[]> {
  if (!isRecordId(opts.releaseId)) throw notFound("Press release not found.");
  // Outside the newsroom a release id names nothing (404, never 403).
  const release = opts.asAdmin
    ? await db.pressRelease.findFirst({ where: { id: opts.releaseId, deletedAt: null }, select: { companyId: true } })
    : await ownReleaseOrThrow(opts.userId, opts.releaseId);
  if (!release) throw notFound("Press release not found.");
  await assertMayViewImages(db, opts, release);
  const rows = await db.pressReleaseImage.findMany({
    where: { pressReleaseId: opts.releaseId, deletedAt: null },
    select: imageResourceSelect,
    orderBy: [{ position: "asc" }, { id: "asc" }],
  });
  const declarations = await currentImageDeclarations(rows.map((r) => r.id));
  return rows.map((r) => toImageResource(r, declarations.get(r.id) ?? null));
}
