import { db, type Tx } from "@/lib/core/db/client";
import { eraseUnpublishedImages } from "@/lib/domains/images/erase-unpublished-images";
import { eraseFiles } from "@/lib/core/storage/files";
import type { Actor } from "./history";
import { recordLifecycleEvent } from "./lifecycle/record-lifecycle-event";
import { lockRelease } from "./lock";
import { AppError } from "@/lib/core/errors/errors";
import { assertActorMay } from "./actor-rights";
import { releaseCopiesOf } from "./canonical";

/**
 * What a newsroom may delete: only what never reached the public. A release that was published
 * leaves through archiving, depublication or the legal-request flow, which keep the evidence
 * trail; the service's own full deletion (staff) is not bound by this.
 */
export function isDeletableByNewsroom(release: { publishedEverAt: Date | null }): boolean {
  return release.publishedEverAt === null;
}

/**
 * Full deletion (spec 3.1): the release answers 404 from now on, from any status. It is
 * soft-deleted (the row stays for invoices and legal evidence) and leaves the search mirror; a
 * later copy that pointed to it becomes its own first source. Images of a release that was never
 * published are erased at once, with originals, snapshots and confirmations; images that were
 * public keep their evidence for the archive rules. Runs in the caller's transaction (an admin
 * action authorizes in it first); the returned files are erased once it commits.
 */
export async function deleteReleaseIn(
  tx: Tx,
  opts: { releaseId: number; actor: Actor; reason?: string; now?: Date },
): Promise<{ erasedImages: number; files: string[] }> {
  const now = opts.now ?? new Date();
  const release = await lockRelease(tx, opts.releaseId);
  await assertActorMay(tx, opts.actor, release, "delete");
  if (opts.actor.type === "user" && !isDeletableByNewsroom(release)) {
    throw new AppError(
      "conflict",
      "A release that was published cannot be deleted. Archive it, or ask for depublication through a legal request.",
    );
  }
  await tx.pressRelease.update({ where: { id: release.id }, data: { deletedAt: now } });
  // A later copy no longer points at a release that answers 404: it becomes the first source.
  await releaseCopiesOf(tx, release.id);
  // Its search row goes; its page, lists, feeds and sitemaps drop it (a tombstoned one answered 410 until now).
  const wasPublic = release.status === "published" || release.status === "archived" || !!release.goneAt;
  await recordLifecycleEvent(tx, {
    releaseId: release.id,
    type: "deleted",
    from: release.status,
    to: release.status,
    actor: opts.actor,
    outcome: "deleted",
    reason: opts.reason,
    data: { wasPublic },
    now,
  });

  let files: string[] = [];
  let erasedImages = 0;
  if (!release.publishedEverAt) {
    const ids = (await tx.pressReleaseImage.findMany({ where: { pressReleaseId: release.id }, select: { id: true } })).map((i) => i.id);
    erasedImages = ids.length;
    files = await eraseUnpublishedImages(tx, ids, now);
  }
  return { files, erasedImages };
}

/** Full deletion in its own transaction, the files erased after the commit. */
export async function deleteRelease(opts: {
  releaseId: number;
  actor: Actor;
  reason?: string;
  now?: Date;
}): Promise<{ erasedImages: number }> {
  const { files, erasedImages } = await db.$transaction((tx) => deleteReleaseIn(tx, opts));
  await eraseFiles(files);
  return { erasedImages };
}
