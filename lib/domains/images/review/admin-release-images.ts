import { db } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";
import { currentImageDeclarations } from "../image-declarations";
import { imageResourceSelect, toImageResource, type ImageResource } from "../image-resource";

/** A release's images for the admin area, removed ones included (their evidence stays reachable). */
export async function adminReleaseImages(releaseId: number): Promise<{
  release: { id: number; title: string; status: string; companyName: string };
  images: (ImageResource & { hasOriginal: boolean; removed: boolean })[];
}> {
  if (!isRecordId(releaseId)) throw notFound("Press release not found.");
  const release = await db.pressRelease.findFirst({
    where: { id: releaseId },
    select: { id: true, title: true, status: true, company: { select: { name: true } } },
  });
  if (!release) throw notFound("Press release not found.");
  const rows = await db.pressReleaseImage.findMany({
    where: { pressReleaseId: releaseId },
    select: { ...imageResourceSelect, originalPath: true },
    orderBy: [{ deletedAt: { sort: "asc", nulls: "first" } }, { position: "asc" }, { id: "asc" }],
  });
  const declarations = await currentImageDeclarations(rows.map((r) => r.id));
  return {
    release: { id: release.id, title: release.title, status: release.status, companyName: release.company.name },
    images: rows.map((r) => ({
      ...toImageResource(r, declarations.get(r.id) ?? null),
      hasOriginal: r.originalPath !== null,
      removed: r.deletedAt !== null,
    })),
  };
}
