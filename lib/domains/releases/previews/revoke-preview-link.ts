import { db } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";
import { releaseForPreviews } from "./preview-access";

const LINK_NOT_FOUND = "Preview link not found.";

/**
 * Revokes a preview link: from the next open on it answers 410 without the release. Idempotent:
 * a conditional update sets revoked_at once, so two revocations at once (two tabs, a double
 * click) both succeed and the first time stays. `revoked` says whether this call did it.
 */
export async function revokePreviewLink(opts: {
  userId: number;
  releaseId: number;
  linkId: number;
  now?: Date;
}): Promise<{ revoked: boolean; revokedAt: Date }> {
  const now = opts.now ?? new Date();
  if (!isRecordId(opts.linkId)) throw notFound(LINK_NOT_FOUND);
  const release = await releaseForPreviews(opts.userId, opts.releaseId);
  // Another release's link reads like none, even within the same newsroom.
  const where = { id: opts.linkId, pressReleaseId: release.id };
  const { count } = await db.previewLink.updateMany({ where: { ...where, revokedAt: null }, data: { revokedAt: now } });
  const link = await db.previewLink.findFirst({ where, select: { revokedAt: true } });
  if (!link?.revokedAt) throw notFound(LINK_NOT_FOUND);
  return { revoked: count === 1, revokedAt: link.revokedAt };
}
