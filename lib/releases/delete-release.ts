import { db } from "@/lib/db/client";
import { eraseUnpublishedImages } from "@/lib/images/erase-unpublished-images";
import { eraseFiles } from "@/lib/storage/files";
import { recordHistory, type Actor } from "./history";
import { lockRelease } from "./lock";
import { bumpPublicCacheGeneration } from "./public-cache";
import { dropSearchMirror } from "./search-mirror";
import { AppError } from "@/lib/http/errors";
import { assertActorMay } from "./actor-rights";

/**
 * What a newsroom may delete: only what never reached the public. A release that was published
 * leaves through archiving, depublication or the legal-request flow, which keep the evidence
 * trail; the service's own full deletion (staff) is not bound by this.
 */
export function isDeletableByNewsroom(release: { publishedEverAt: Date | null }): boolean {
  return release.publishedEverAt === null;
}

/**
 * Full deletion (spec 3.1): the release answers 404 from now on. It is soft-deleted (the row
 * stays for invoices and legal evidence) and leaves the search mirror. Images of a release
 * that was never published are erased at once, with originals, snapshots and confirmations;
 * images that were public keep their evidence for the archive rules.
 */
export async function deleteRelease(opts: { releaseId: number; actor: Actor; now?: Date }): Promise<{ erasedImages: number }> {
  const now = opts.now ?? new Date();
  const { files, erasedImages } = await db.$transaction(async (tx) => {
    const release = await lockRelease(tx, opts.releaseId);
    await assertActorMay(tx, opts.actor, release, "delete");
    if (opts.actor.type === "user" && !isDeletableByNewsroom(release)) {
      throw new AppError("conflict", "A release that was published cannot be deleted. Archive it, or ask for depublication through a legal request.");
    }
    await tx.pressRelease.update({ where: { id: release.id }, data: { deletedAt: now } });
    await dropSearchMirror(tx, release);
    await recordHistory(tx, { pressReleaseId: release.id, from: release.status, to: release.status, actor: opts.actor, outcome: "deleted" });

    let files: string[] = [];
    let erasedImages = 0;
    if (!release.publishedEverAt) {
      const ids = (await tx.pressReleaseImage.findMany({ where: { pressReleaseId: release.id }, select: { id: true } })).map((i) => i.id);
      erasedImages = ids.length;
      files = await eraseUnpublishedImages(tx, ids, now);
    }
    if (release.status === "published" || release.status === "archived") await bumpPublicCacheGeneration(tx);
    return { files, erasedImages };
  });
  await eraseFiles(files);
  return { erasedImages };
}
