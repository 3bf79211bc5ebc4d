import { db } from "@/lib/core/db/client";
import { publicImagesOf, type PublicImage } from "@/lib/domains/images/deliverable";
import { getSiteHosts, releaseUrl } from "@/lib/domains/sites";
import type { PreviewGoneReason } from "./preview-state";
import { previewLinkOfToken, previewTargetOf, type PreviewTarget } from "./preview-target";

export interface PreviewContent {
  linkId: number;
  recipient: { name: string; outlet: string };
  /** The publication time the banner names; null while the release has none (in review). */
  embargoAt: Date | null;
  /** The end the sender set, if any. */
  expiresAt: Date | null;
  release: PreviewTarget["release"];
  /** What a publication would show (lib/domains/images/deliverable.ts), cover first. */
  images: PublicImage[];
}

export type PreviewOutcome =
  | { kind: "show"; preview: PreviewContent }
  /** Published and publicly visible: the public page's address. */
  | { kind: "redirect"; url: string }
  /** Revoked, expired, or the release left the way to publication: 410 without the release. */
  | { kind: "gone"; reason: PreviewGoneReason }
  /** No link has this token: 404. */
  | { kind: "unknown" };

/**
 * A recipient opens a preview link (docs/previews.md). The release's state is read at every
 * open, so a withdrawal or rejection stops the link at once. Only a shown page counts: the open
 * is written to the link's access log (the time, never an address) in the transaction that
 * decided it.
 */
export async function openPreviewLink(opts: {
  token: string;
  now?: Date;
  /** False for a look that is no open (HEAD: link checkers and mail scanners ask so). */
  countOpen?: boolean;
}): Promise<PreviewOutcome> {
  const now = opts.now ?? new Date();
  const found = await previewLinkOfToken(db, opts.token);
  if (!found) return { kind: "unknown" };
  const target = await db.$transaction(async (tx) => {
    // Share lock on the release: a move (withdraw, reject, publish) takes FOR UPDATE, so it
    // waits for this open or this open waits for it, and never shows a state being left.
    // The link's own lock orders concurrent opens and a revocation: each open counts once.
    await tx.$queryRaw`SELECT id FROM press_releases WHERE id = ${found.pressReleaseId} FOR SHARE`;
    await tx.$queryRaw`SELECT id FROM preview_links WHERE id = ${found.id} FOR UPDATE`;
    const decided = await previewTargetOf(tx, found.id, now);
    if (decided?.decision.kind === "show" && opts.countOpen !== false) {
      await tx.$executeRaw`
        WITH opened AS (
          UPDATE preview_links
             SET opens = opens + 1, first_opened_at = COALESCE(first_opened_at, ${now}), last_opened_at = ${now}
           WHERE id = ${found.id}
          RETURNING id
        )
        INSERT INTO preview_link_opens (preview_link_id, opened_at) SELECT id, ${now} FROM opened`;
    }
    return decided;
  });
  if (!target) return { kind: "unknown" };
  const { decision, release, link } = target;
  if (decision.kind === "gone") return decision;
  if (decision.kind === "redirect") return { kind: "redirect", url: releaseUrl(release, getSiteHosts()) };
  const images = (await publicImagesOf(db, [release.id])).get(release.id) ?? [];
  return {
    kind: "show",
    preview: {
      linkId: link.id,
      recipient: { name: link.recipientName, outlet: link.outlet },
      embargoAt: decision.embargoAt,
      expiresAt: link.expiresAt,
      release,
      images,
    },
  };
}
