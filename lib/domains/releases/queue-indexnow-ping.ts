import type { DbOrTx } from "@/lib/core/db/client";
import type { IndexNowReason } from "@/lib/generated/prisma/client";
import { getSiteHosts, releaseUrl, type ReleaseRef } from "@/lib/domains/sites";

/** The part of a search mirror row that tells whether the public page changed. */
export interface PublicSide {
  /** Public apart from the embargo (the mirror's is_public): the time is checked separately. */
  isPublic: boolean;
  publishedAt: Date | null;
  title: string;
  lead: string | null;
  bodyText: string;
}

/** Served right now: public and its time has come. A release under embargo is not, yet. */
const isLive = (side: PublicSide, now: Date) => side.isPublic && side.publishedAt !== null && side.publishedAt <= now;

/**
 * Why search engines should hear of a release, from its public side before and after a change:
 * it became public, now or at its embargo time (publish), left the public after it had been
 * served (removal), or its served text changed (correction). A release without an earlier row
 * (created and published at once) is published. What was only ever under embargo was never
 * served: withdrawing or editing it tells nobody anything.
 */
export function indexNowReasonOf(before: PublicSide | null, after: PublicSide, now: Date): IndexNowReason | null {
  if (!before?.isPublic && after.isPublic) return "publish";
  if (!before || !isLive(before, now)) return null;
  if (!after.isPublic) return "removal";
  if (before.title !== after.title || before.lead !== after.lead || before.bodyText !== after.bodyText) return "correction";
  return null;
}

/**
 * Records one ping in the caller's transaction: it exists only if the change commits, and the
 * sender job (send-indexnow-pings.ts) sends it after the commit, never inside it, and not before
 * `dueAt` (a release under embargo is announced at its published_at).
 */
export async function queueIndexNowPing(tx: DbOrTx, opts: { release: ReleaseRef; reason: IndexNowReason; dueAt?: Date }): Promise<void> {
  await tx.indexNowPing.create({
    data: {
      pressReleaseId: opts.release.id,
      url: releaseUrl(opts.release, getSiteHosts()),
      reason: opts.reason,
      ...(opts.dueAt ? { dueAt: opts.dueAt } : {}),
    },
  });
}
