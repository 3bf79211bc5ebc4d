import { db, type Tx } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import type { Actor } from "./history";
import { recordLifecycleEvent } from "./lifecycle/record-lifecycle-event";
import { lockRelease } from "./lock";
import { requestAutomaticCheck } from "./request-check";
import { getConfig } from "@/lib/core/config";
import { assertLegalAccepted } from "@/lib/domains/legal-terms/documents";
import { assertActorMay } from "./actor-rights";

/**
 * Sends a draft (or a rejected release after editing) to review, in the caller's transaction.
 * Releases marked for manual review go straight to a person; all others need an automatic
 * check, which the caller requests after the commit (requestAutomaticCheck).
 */
export async function submitInTransaction(tx: Tx, opts: { releaseId: number; actor: Actor; now: Date }) {
  const release = await lockRelease(tx, opts.releaseId);
  await assertActorMay(tx, opts.actor, release, "submit");
  if (release.status !== "draft" && release.status !== "rejected") {
    throw new AppError("conflict", `A release in status ${release.status} cannot be submitted.`);
  }
  const toHuman = release.manualReviewRequiredAt !== null;
  await tx.pressRelease.update({
    where: { id: release.id },
    data: { status: "in_review", reviewFlaggedAt: null, manualQueueAt: toHuman ? opts.now : null },
  });
  await recordLifecycleEvent(tx, {
    releaseId: release.id,
    type: "submitted",
    from: release.status,
    to: "in_review",
    actor: opts.actor,
    outcome: toHuman ? "manual_queue" : "submitted",
    now: opts.now,
  });
  return { toHuman, reviewFingerprint: release.reviewFingerprint ?? release.contentHash };
}

/**
 * Sends a release to review in a transaction of its own. A customer's submission passes the
 * role matrix and the legal-acceptance gate (428) here or in writeRelease, which every customer
 * door (dashboard, v1, legacy) goes through.
 */
export async function submitRelease(opts: { releaseId: number; actor: Actor; now?: Date }): Promise<{ toHuman: boolean }> {
  const now = opts.now ?? new Date();
  if (opts.actor.type === "user" && opts.actor.userId) await assertLegalAccepted(opts.actor.userId, getConfig().legal.acceptanceGate);
  const result = await db.$transaction((tx) => submitInTransaction(tx, { releaseId: opts.releaseId, actor: opts.actor, now }));
  if (!result.toHuman) await requestAutomaticCheck(opts.releaseId, result.reviewFingerprint, now);
  return { toHuman: result.toHuman };
}
