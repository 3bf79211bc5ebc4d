import { getConfig } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { KI } from "@/lib/domains/releases/history";
import { recordLifecycleEvent } from "@/lib/domains/releases/lifecycle/record-lifecycle-event";
import { isLiveNewsroom } from "@/lib/domains/releases/live-newsroom";
import { lockRelease } from "@/lib/domains/releases/lock";
import { recordPublicationHeldUp } from "@/lib/domains/releases/publication-held-up";
import { publishRelease } from "@/lib/domains/releases/publish-release";
import { awaitsAutomaticCheck, refreshAfterRefusal } from "@/lib/domains/releases/review-images";
import { isCheckedThisRound } from "./checked-version";
import { checkText, getTextClassifier, type Classification, type TextClassifier } from "./classifier";
import { reviewSubjectOf } from "./review-input";

export type ReviewOutcome =
  "skipped" | "discarded" | "rejected" | "flagged_for_manual_check" | "manual_queue" | "scheduled" | "published" | "publish_blocked";

/**
 * The automatic check with routing (spec 3.1). The classifier runs outside any transaction
 * (it may take up to the AI job timeout); its result is applied under the row lock only if
 * what it judged (the review fingerprint of the text and images it read) is still the release's,
 * and only once per version and round in review (lib/domains/review/checked-version.ts).
 */
export async function runAutomaticReview(opts: {
  releaseId: number;
  now?: Date;
  classifier?: TextClassifier;
}): Promise<{ outcome: ReviewOutcome; classification?: Classification }> {
  const now = opts.now ?? new Date();
  const snapshot = await db.pressRelease.findUnique({
    where: { id: opts.releaseId },
    include: { company: { select: { deletedAt: true, goneAt: true } } },
  });
  if (
    !snapshot ||
    snapshot.deletedAt ||
    snapshot.status !== "in_review" ||
    snapshot.manualReviewRequiredAt ||
    snapshot.reviewFlaggedAt ||
    !snapshot.reviewFingerprint
  ) {
    return { outcome: "skipped" };
  }
  // A deleted or removed newsroom publishes nothing (publish() refuses too): no check, no mail.
  if (!isLiveNewsroom(snapshot.company)) return { outcome: "skipped" };
  if (await isCheckedThisRound(db, snapshot.id)) return { outcome: "discarded" };
  const { company: _company, ...release } = snapshot;
  const subject = await reviewSubjectOf(release);
  if (subject.fingerprint !== release.reviewFingerprint) {
    // The release and its images were read apart: an image changed between the reads (its change
    // asks for a check of its own), or a row was written past the doors that refresh the
    // fingerprint. A check of what was read never counts for the stored version; the fingerprint
    // is brought up to date, which asks for the check of what the release now is.
    await refreshAfterRefusal(release.id, now);
    return { outcome: "discarded" };
  }
  const classification = await checkText(opts.classifier ?? getTextClassifier(), subject.input);
  const { review } = getConfig();

  const routed = await db.$transaction(async (tx) => {
    const release = await lockRelease(tx, opts.releaseId);
    // The check judged `subject`: it counts only if nothing it judged changed meanwhile, only
    // while no person took the release over, and only once per version and round (a second job
    // for the same version, queued by the check sweep or after a held-up publication, finds the
    // first one's check or routing here: no second attempt, no second mail).
    if (!awaitsAutomaticCheck(release) || release.reviewFingerprint !== subject.fingerprint) return { outcome: "discarded" as const };
    if (await isCheckedThisRound(tx, release.id)) return { outcome: "discarded" as const };
    const red = classification.result === "red";
    const attempts = release.automaticAttempts + (red ? 1 : 0);
    await tx.pressReleaseClassification.create({
      data: {
        pressReleaseId: release.id,
        result: classification.result,
        reasons: classification.reasons as never,
        contentHash: release.contentHash,
        reviewFingerprint: release.reviewFingerprint,
        classifier: classification.classifier,
        attempt: attempts,
      },
    });
    await tx.kiAudit.create({
      data: { pressReleaseId: release.id, type: "text_check", contentHash: release.contentHash, result: classification as never },
    });
    const reason = classification.reasons.map((r) => r.code).join(", ") || undefined;
    // What the check found, for its reactions (the author's mail, webhooks); the route follows.
    const found = {
      result: classification.result,
      reasons: classification.reasons,
      attempt: attempts,
      maxAttempts: review.maxAutomaticAttempts,
    };

    if (red && attempts < review.maxAutomaticAttempts) {
      await tx.pressRelease.update({ where: { id: release.id }, data: { status: "rejected", automaticAttempts: attempts } });
      await recordLifecycleEvent(tx, {
        releaseId: release.id,
        type: "checked",
        from: "in_review",
        to: "in_review",
        actor: KI,
        history: false,
        data: { ...found, outcome: "rejected" },
        now,
      });
      await recordLifecycleEvent(tx, {
        releaseId: release.id,
        type: "rejected",
        from: "in_review",
        to: "rejected",
        actor: KI,
        outcome: "rejected",
        reason,
        data: found,
        now,
      });
      return { outcome: "rejected" as const };
    }
    if (red) {
      // The last allowed red: a person decides (admin queue "check needed").
      await tx.pressRelease.update({ where: { id: release.id }, data: { automaticAttempts: attempts, reviewFlaggedAt: now } });
      await recordLifecycleEvent(tx, {
        releaseId: release.id,
        type: "checked",
        from: "in_review",
        to: "in_review",
        actor: KI,
        outcome: "flagged_for_manual_check",
        reason,
        data: { ...found, outcome: "flagged_for_manual_check" },
        now,
      });
      return { outcome: "flagged_for_manual_check" as const };
    }
    if (classification.result === "yellow" && review.yellowToManualQueue) {
      await tx.pressRelease.update({ where: { id: release.id }, data: { manualQueueAt: now } });
      await recordLifecycleEvent(tx, {
        releaseId: release.id,
        type: "checked",
        from: "in_review",
        to: "in_review",
        actor: KI,
        outcome: "manual_queue",
        reason,
        data: { ...found, outcome: "manual_queue" },
        now,
      });
      return { outcome: "manual_queue" as const };
    }
    if (release.scheduledAt && release.scheduledAt > now) {
      await tx.pressRelease.update({ where: { id: release.id }, data: { status: "scheduled" } });
      await recordLifecycleEvent(tx, {
        releaseId: release.id,
        type: "checked",
        from: "in_review",
        to: "in_review",
        actor: KI,
        history: false,
        data: { ...found, outcome: "scheduled" },
        now,
      });
      await recordLifecycleEvent(tx, {
        releaseId: release.id,
        type: "scheduled",
        from: "in_review",
        to: "scheduled",
        actor: KI,
        outcome: "scheduled",
        now,
      });
      return { outcome: "scheduled" as const };
    }
    await recordLifecycleEvent(tx, {
      releaseId: release.id,
      type: "checked",
      from: "in_review",
      to: "in_review",
      actor: KI,
      history: false,
      data: { ...found, outcome: "publish" },
      now,
    });
    return { outcome: "publish" as const };
  });

  if (routed.outcome !== "publish") return { outcome: routed.outcome, classification };
  try {
    await publishRelease({ releaseId: opts.releaseId, actor: KI, now });
    return { outcome: "published", classification };
  } catch (err) {
    // Business outcomes (quota, images, manual review) leave the release in review with one
    // entry; the check sweep tries it again. Published meanwhile by the sweep: nothing to record.
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    const held = await recordPublicationHeldUp(opts.releaseId, "in_review", KI, err, { oncePerOutcome: false });
    return { outcome: held ? "publish_blocked" : "discarded", classification };
  }
}
