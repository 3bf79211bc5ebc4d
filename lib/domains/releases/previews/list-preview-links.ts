import { db } from "@/lib/core/db/client";
import { isPubliclyVisibleRelease } from "../visibility";
import { releaseForPreviews } from "./preview-access";
import { previewLinkSelect, previewLinkView, type PreviewLinkView } from "./preview-link-view";
import { decidePreview, PREVIEWABLE_STATUSES } from "./preview-state";

export interface PreviewLinkList {
  releaseId: number;
  /** New links can be made now: the release is in review or scheduled. */
  canCreate: boolean;
  /** The embargo a new link would name; null while the release has no publication time. */
  embargoAt: Date | null;
  /** Newest first, with each link's state and access log. */
  links: PreviewLinkView[];
}

/**
 * The preview links of a release for someone who manages its newsroom's releases (throws the
 * same not_found as for a missing release to anyone outside the newsroom, forbidden to members).
 * Links of a withdrawn, rejected or published release are listed as ended, read-only.
 */
export async function listPreviewLinks(opts: { userId: number; releaseId: number; now?: Date }): Promise<PreviewLinkList> {
  const now = opts.now ?? new Date();
  const release = await releaseForPreviews(opts.userId, opts.releaseId);
  const [isPublic, rows] = await Promise.all([
    isPubliclyVisibleRelease(db, release.id, now),
    db.previewLink.findMany({
      where: { pressReleaseId: release.id },
      select: previewLinkSelect,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    }),
  ]);
  const fresh = decidePreview({ revokedAt: null, expiresAt: null }, release, isPublic, now);
  return {
    releaseId: release.id,
    canCreate: PREVIEWABLE_STATUSES.includes(release.status) && fresh.kind === "show",
    embargoAt: fresh.kind === "show" ? fresh.embargoAt : null,
    links: rows.map((row) => previewLinkView(row, release, isPublic, now)),
  };
}
