import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import type { Tx } from "@/lib/core/db/client";
import type { PressRelease, PressReleaseChange, Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/core/errors/errors";
import { SYSTEM } from "@/lib/domains/releases/history";
import { recordLifecycleEvent } from "@/lib/domains/releases/lifecycle/record-lifecycle-event";
import { lockRelease } from "@/lib/domains/releases/lock";
import type { JudgedImage } from "@/lib/domains/releases/review-fingerprint";
import { judgedImagesOf } from "@/lib/domains/releases/review-images";
import { contentColumns } from "@/lib/domains/releases/save-release";
import type { ChangeText } from "./edit-distance";
import { discardChecksOfOtherVersions, discardStaleTextChecks } from "@/lib/domains/releases/discard-text-checks";

export interface ApplyPaidOptions {
  changeId: number;
  checkoutSessionId: string;
  paidAt: Date;
  now?: Date;
}

export interface ApplyPaidResult {
  outcome: "applied" | "already_applied" | "not_applicable";
  /** Null only when the change no longer exists (its release was deleted for good). */
  releaseId: number | null;
}

/** The classifier name on the classification a paid change carries over from its precheck. */
export const PAID_CHANGE_PRECHECK = "paid_change_precheck";

/**
 * The content columns of the changed text, computed as a save computes them
 * (lib/domains/releases/save-release.ts contentColumns, which is not exported): body sanitised,
 * content_hash over title and text, review fingerprint over everything the check judges, the
 * fields the change does not touch taken from the release.
 */
export function changedContentColumns(release: PressRelease, text: ChangeText, images: JudgedImage[]) {
  // The columns a save computes, over the release with the new title, lead and text.
  const columns = contentColumns({ ...release, title: text.title, lead: text.lead, body: text.body }, release.language, images);
  return {
    title: columns.title,
    lead: columns.lead,
    body: columns.body,
    contentHash: columns.contentHash,
    reviewFingerprint: columns.reviewFingerprint,
  };
}

/** The release row locked, or null when it was deleted (a paid change then has nothing to apply to). */
async function lockedReleaseOrNull(tx: Tx, releaseId: number): Promise<PressRelease | null> {
  try {
    return await lockRelease(tx, releaseId);
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") return null;
    throw err;
  }
}

/** Why a paid change cannot go live, or null when it can. */
function whyNotApplicable(change: PressReleaseChange, release: PressRelease | null): string | null {
  if (!release) return "release_deleted";
  // An expired change whose payment arrives anyway is still applied: the customer paid for
  // exactly this checked text, and nothing else changed the release meanwhile.
  if (change.status !== "pending_payment" && change.status !== "expired") return `change_${change.status}`;
  if (release.status !== "published") return "release_not_published";
  if (release.goneAt) return "release_gone";
  if (release.paidChangeUsedAt) return "change_already_used";
  // A correction since the request: the precheck and the edit distance judged another text,
  // and applying would silently undo the correction.
  if (release.contentChangedAt > change.createdAt) return "release_changed_since_request";
  return null;
}

async function recordNotApplied(
  tx: Tx,
  change: Pick<PressReleaseChange, "id" | "pressReleaseId" | "amountCents"> | null,
  opts: ApplyPaidOptions,
  reason: string,
): Promise<void> {
  // What an operator needs to refund the payment.
  await recordActivity(
    {
      type: ACTIVITY.changePaymentNotApplied,
      subjectType: "press_release_change",
      subjectId: change?.id ?? opts.changeId,
      result: "not_applicable",
      reason,
      metadata: {
        pressReleaseId: change?.pressReleaseId ?? null,
        checkoutSessionId: opts.checkoutSessionId,
        amountCents: change?.amountCents ?? null,
        paidAt: opts.paidAt.toISOString(),
      },
    },
    tx,
  );
}

/**
 * The webhook's half of a paid change (spec 4.5, 6.2): once the payment is confirmed, the checked
 * version goes live at once, in the webhook's transaction: snapshot of the old text, the new
 * content through the save's column computation, content_changed_at, the once-marker, history,
 * a classification for the new text carrying the precheck, search mirror, cache invalidation
 * and the `PressReleaseChangeApplied` mail. Idempotent: a repeat of the same payment answers
 * `already_applied`. A payment that cannot be applied is recorded on the change (paid_at,
 * session) with an activity entry, so an operator can refund it.
 */
export async function applyPaid(tx: Tx, opts: ApplyPaidOptions): Promise<ApplyPaidResult> {
  const now = opts.now ?? new Date();
  const found = await tx.pressReleaseChange.findUnique({ where: { id: opts.changeId }, select: { pressReleaseId: true } });
  if (!found) {
    await recordNotApplied(tx, null, opts, "change_missing");
    return { outcome: "not_applicable", releaseId: null };
  }
  // Locked before the change is read again: requests, payments and tombstones of one release
  // take their turns on this row, so two payments can never both apply.
  const release = await lockedReleaseOrNull(tx, found.pressReleaseId);
  const change = await tx.pressReleaseChange.findUniqueOrThrow({ where: { id: opts.changeId } });
  const releaseId = change.pressReleaseId;
  const samePayment = change.paidAt !== null && change.stripeCheckoutSessionId === opts.checkoutSessionId;

  if (change.status === "applied" && samePayment) return { outcome: "already_applied", releaseId };
  if (samePayment) return { outcome: "not_applicable", releaseId };
  if (change.paidAt !== null) {
    // A second payment for one change (two checkouts opened): the first one counts.
    await recordNotApplied(tx, change, opts, "second_payment");
    return { outcome: "not_applicable", releaseId };
  }

  const reason = whyNotApplicable(change, release);
  if (reason) {
    await tx.pressReleaseChange.updateMany({
      where: { id: change.id, paidAt: null },
      data: { paidAt: opts.paidAt, stripeCheckoutSessionId: opts.checkoutSessionId },
    });
    await recordNotApplied(tx, change, opts, reason);
    return { outcome: "not_applicable", releaseId };
  }
  const live = release!;

  const columns = changedContentColumns(
    live,
    { title: change.proposedTitle, lead: change.proposedLead, body: change.proposedBody },
    await judgedImagesOf(tx, live.id),
  );
  const snapshot = {
    title: live.title,
    lead: live.lead,
    body: live.body,
    contentHash: live.contentHash,
    reviewFingerprint: live.reviewFingerprint,
    contentChangedAt: live.contentChangedAt.toISOString(),
  };
  // Conditional on the state checked above (held by the lock); the once-rule is also backed by
  // the unique index on one applied change per release.
  const updated = await tx.pressRelease.updateMany({
    where: { id: live.id, status: "published", goneAt: null, paidChangeUsedAt: null },
    data: { ...columns, contentChangedAt: now, paidChangeUsedAt: now, approvedReviewFingerprint: null },
  });
  const marked = await tx.pressReleaseChange.updateMany({
    where: { id: change.id, status: { in: ["pending_payment", "expired"] }, paidAt: null },
    data: { status: "applied", appliedAt: now, paidAt: opts.paidAt, stripeCheckoutSessionId: opts.checkoutSessionId, snapshot },
  });
  if (updated.count !== 1 || marked.count !== 1) throw new Error(`paid change ${change.id}: release or change moved under the lock`);
  // Any other change still waiting for payment can no longer apply; a late payment for it is refunded.
  await tx.pressReleaseChange.updateMany({ where: { pressReleaseId: live.id, status: "pending_payment" }, data: { status: "expired" } });

  // Checks of the old text no longer describe the release; the precheck of the new one does.
  await discardStaleTextChecks(tx, live.id, columns.contentHash, now);
  await discardChecksOfOtherVersions(tx, live.id, columns.reviewFingerprint, now);
  await tx.pressReleaseClassification.create({
    data: {
      pressReleaseId: live.id,
      result: change.precheckResult,
      reasons: change.precheckReasons as Prisma.InputJsonValue,
      contentHash: columns.contentHash,
      reviewFingerprint: columns.reviewFingerprint,
      classifier: PAID_CHANGE_PRECHECK,
      attempt: live.automaticAttempts,
      createdAt: now,
    },
  });

  // Its page (dateModified, article:modified_time), its portal's lists, feeds and sitemaps
  // (lastmod) show the new text and content_changed_at once this commits; the author hears of it.
  await recordLifecycleEvent(tx, {
    releaseId: live.id,
    type: "changed",
    from: "published",
    to: "published",
    actor: SYSTEM,
    outcome: "paid_change_applied",
    reason: `change ${change.id}`,
    data: { changeId: change.id },
    now,
  });
  await recordActivity(
    {
      type: ACTIVITY.changeApplied,
      subjectType: "press_release_change",
      subjectId: change.id,
      result: "applied",
      metadata: { pressReleaseId: live.id, amountCents: change.amountCents, checkoutSessionId: opts.checkoutSessionId },
    },
    tx,
  );
  return { outcome: "applied", releaseId };
}
