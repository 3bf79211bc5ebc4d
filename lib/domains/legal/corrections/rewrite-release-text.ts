import type { Tx } from "@/lib/core/db/client";
import type { PressRelease } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/core/errors/errors";
import type { Actor } from "@/lib/domains/releases/history";
import { recordLifecycleEvent } from "@/lib/domains/releases/lifecycle/record-lifecycle-event";
import { judgedImagesOf } from "@/lib/domains/releases/review-images";
import { contentColumns } from "@/lib/domains/releases/save-release";
import { discardChecksOfOtherVersions, discardStaleTextChecks } from "@/lib/domains/releases/discard-text-checks";

export interface ReleaseText {
  title: string;
  lead: string | null;
  /** HTML; stored sanitised, as every save stores it. */
  body: string;
}

export interface TextState extends ReleaseText {
  contentHash: string;
}

/** A release that was public and is not tombstoned: the only kind a legal measure rewrites. */
export function assertRewritable(release: Pick<PressRelease, "publishedEverAt" | "goneAt" | "status">): void {
  if (!release.publishedEverAt) throw new AppError("conflict", "This release was never published; its newsroom edits it itself.");
  if (release.goneAt) throw new AppError("conflict", "A tombstoned release is unmarked before its text changes.");
}

/**
 * Writes a corrected or redacted text to a published release, on the row the caller locked, the
 * way every other edit does: the save's column computation (sanitised body, content_hash,
 * review fingerprint), content_changed_at (dateModified, atom:updated, sitemap lastmod), a
 * history row with its activity entry, the search mirror and the public cache tags of the
 * release page and its portal's lists and feeds. Checks of the old text no longer describe the
 * release and are discarded; the editor who wrote the new one stands in for a person's approval.
 */
export async function rewriteReleaseText(
  tx: Tx,
  opts: { release: PressRelease; text: ReleaseText; actor: Actor; outcome: string; reason: string; now: Date },
): Promise<{ before: TextState; after: TextState }> {
  const { release, now } = opts;
  assertRewritable(release);
  const columns = contentColumns(
    { ...release, title: opts.text.title, lead: opts.text.lead, body: opts.text.body },
    release.language,
    await judgedImagesOf(tx, release.id),
  );
  if (columns.contentHash === release.contentHash && columns.reviewFingerprint === release.reviewFingerprint) {
    throw new AppError("validation_failed", "The text is unchanged.", undefined, [{ path: "body", message: "Der Text ist unverändert." }]);
  }
  await tx.pressRelease.update({
    where: { id: release.id },
    data: {
      title: columns.title,
      lead: columns.lead,
      body: columns.body,
      contentHash: columns.contentHash,
      reviewFingerprint: columns.reviewFingerprint,
      approvedReviewFingerprint: columns.reviewFingerprint,
      // Title, lead or text changed (a lead alone leaves content_hash as it was): readers see
      // an update, and a paid change checked against the old text can no longer apply over it.
      contentChangedAt: now,
    },
  });
  await discardStaleTextChecks(tx, release.id, columns.contentHash, now);
  await discardChecksOfOtherVersions(tx, release.id, columns.reviewFingerprint, now);
  await recordLifecycleEvent(tx, {
    releaseId: release.id,
    type: "corrected",
    from: release.status,
    to: release.status,
    actor: opts.actor,
    outcome: opts.outcome,
    reason: opts.reason,
    now,
  });
  return {
    before: { title: release.title, lead: release.lead, body: release.body, contentHash: release.contentHash },
    after: { title: columns.title, lead: columns.lead, body: columns.body, contentHash: columns.contentHash },
  };
}
