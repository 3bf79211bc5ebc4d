import { assertReleaseAction } from "@/lib/domains/accounts/abilities";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { paidChangeNetCents } from "@/lib/domains/prices/catalog";
import { getConfig } from "@/lib/core/config";
import { ownReleaseOrThrow } from "@/lib/domains/accounts/newsrooms";
import { db, type DbOrTx } from "@/lib/core/db/client";
import { isUniqueViolation } from "@/lib/core/db/unique-violation";
import type { PressRelease, Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/core/errors/errors";
import { checkText, getTextClassifier, type ReviewReason, type TextClassifier } from "@/lib/domains/review/classifier";
import { reviewInputOf } from "@/lib/domains/review/review-input";
import { assertReleaseText } from "@/lib/domains/releases/assert-release-text";
import { contentHash } from "@/lib/domains/releases/content-hash";
import { lockRelease } from "@/lib/domains/releases/lock";
import { sanitizeReleaseHtml } from "@/lib/domains/releases/sanitize";
import { editDistancePercent, type ChangeText } from "./edit-distance";
import { expireLapsedChanges } from "./expire-lapsed-changes";

/** How long a checked change waits for its payment. */
export const CHANGE_PAYMENT_WINDOW_MINUTES = 30;

export const CHANGE_ALREADY_USED = "Diese Pressemitteilung wurde bereits einmal geändert.";
export const CHANGE_AWAITS_PAYMENT = "Eine Änderung wartet bereits auf Zahlung.";
export const CHANGE_AFTER_LEGAL_MEASURE =
  "Nach einer Schwärzung oder einer Rücknahme aus rechtlichen Gründen lässt sich diese Pressemitteilung nicht mehr kostenpflichtig ändern. Wenden Sie sich dafür bitte über „Rechtliche Anliegen“ an die Redaktion.";

export interface RequestPaidChangeOptions {
  userId: number;
  releaseId: number;
  title: string;
  lead?: string | null;
  /** The editor's HTML; stored sanitised like every save. */
  body: string;
  now?: Date;
  /** The text check; the configured one (getTextClassifier) by default. */
  classifier?: TextClassifier;
}

export interface PaidChangeRequested {
  changeId: number;
  precheckResult: "yellow" | "green";
  reasons: ReviewReason[];
}

/** Spec 4.5: only a live published release, and only once. */
export function assertChangeable(release: Pick<PressRelease, "status" | "goneAt" | "paidChangeUsedAt">): void {
  if (release.status !== "published" || release.goneAt)
    throw new AppError("change_not_allowed", "Nur veröffentlichte Pressemitteilungen lassen sich kostenpflichtig ändern.");
  if (release.paidChangeUsedAt) throw new AppError("change_not_allowed", CHANGE_ALREADY_USED);
}

/**
 * A redaction or withdrawal took text off the release for legal reasons (its entry in the
 * public correction log says so); a paid change could put that text back, so none is taken.
 */
async function assertNoLegalRemoval(client: DbOrTx, releaseId: number): Promise<void> {
  const removal = await client.pressReleaseCorrection.findFirst({
    where: { pressReleaseId: releaseId, kind: { in: ["redaction", "withdrawal"] } },
    select: { id: true },
  });
  if (removal) throw new AppError("change_not_allowed", CHANGE_AFTER_LEGAL_MEASURE);
}

/** Title, lead and body as a save stores them: trimmed, an empty lead is none, the body sanitised. */
function proposedText(opts: RequestPaidChangeOptions): ChangeText {
  const title = opts.title.trim();
  const lead = opts.lead?.trim() || null;
  // The release rules every write of these three fields passes (lengths, characters).
  assertReleaseText({ title, lead, body: opts.body }, "The changed release is not valid.");
  return { title, lead, body: sanitizeReleaseHtml(opts.body) };
}

/**
 * The request for a paid change (spec 4.5): rights, status, the once-per-release rule, the edit
 * distance limit, then the automatic check of the proposed text before any payment. Red is
 * stored as `refused` and answered 422 with the reasons (nothing to pay). Yellow or green opens
 * a change `pending_payment` for 30 minutes; the checkout is started by the caller.
 */
export async function requestPaidChange(opts: RequestPaidChangeOptions): Promise<PaidChangeRequested> {
  const now = opts.now ?? new Date();
  // Another newsroom's release answers "not found"; a member without the edit right 403.
  const release = await ownReleaseOrThrow(opts.userId, opts.releaseId);
  await assertReleaseAction(opts.userId, release, "edit");
  assertChangeable(release);
  await assertNoLegalRemoval(db, release.id);

  const proposed = proposedText(opts);
  if (proposed.title === release.title && proposed.lead === release.lead && proposed.body === release.body) {
    throw new AppError("validation_failed", "Der Text ist unverändert.", { unchanged: true });
  }
  const limit = getConfig().legal.changeMaxDistancePercent;
  const percent = editDistancePercent(release, proposed);
  if (percent > limit) {
    throw new AppError("validation_failed", `Die Änderung umfasst ${percent} % des Textes; erlaubt sind höchstens ${limit} %.`, {
      editDistancePercent: percent,
      limit,
    });
  }

  // The same text check a release gets before publication, on the proposed version. It runs
  // outside any transaction: it may take up to the AI job timeout.
  const hash = contentHash(proposed.title, proposed.body);
  const classification = await checkText(
    opts.classifier ?? getTextClassifier(),
    await reviewInputOf({ ...release, ...proposed, contentHash: hash }),
  );
  const row = {
    pressReleaseId: release.id,
    requestedByUserId: opts.userId,
    proposedTitle: proposed.title,
    proposedLead: proposed.lead,
    proposedBody: proposed.body,
    precheckResult: classification.result,
    precheckReasons: classification.reasons as unknown as Prisma.InputJsonValue,
    editDistancePercent: percent,
    amountCents: paidChangeNetCents(),
    createdAt: now,
  };
  const activity = (changeId: number, type: typeof ACTIVITY.changeRefused | typeof ACTIVITY.changeRequested) => ({
    actorUserId: opts.userId,
    type,
    subjectType: "press_release_change",
    subjectId: changeId,
    result: classification.result,
    metadata: { pressReleaseId: release.id, editDistancePercent: percent, classifier: classification.classifier },
  });

  if (classification.result === "red") {
    const refused = await db.$transaction(async (tx) => {
      const change = await tx.pressReleaseChange.create({ data: { ...row, status: "refused" } });
      await recordActivity(activity(change.id, ACTIVITY.changeRefused), tx);
      return change;
    });
    throw new AppError("validation_failed", "Die automatische Prüfung hat den geänderten Text abgelehnt. Es entstehen keine Kosten.", {
      precheckResult: "red",
      reasons: classification.reasons,
      changeId: refused.id,
    });
  }

  try {
    const changeId = await db.$transaction(async (tx) => {
      const locked = await lockRelease(tx, release.id);
      // Re-checked after the lock: the membership, the status and the once-rule may have
      // changed while the check ran (a paid change applied by the webhook, a tombstone).
      await assertReleaseAction(opts.userId, locked, "edit", tx);
      assertChangeable(locked);
      // Race: an editor redacted or withdrew the release while the check ran; the measure
      // writes its log entry under this same row lock.
      await assertNoLegalRemoval(tx, release.id);
      // Distance and check judged the text read before the lock; a correction since makes both stale.
      if (locked.contentHash !== release.contentHash || locked.reviewFingerprint !== release.reviewFingerprint) {
        throw new AppError("conflict", "Die Pressemitteilung wurde inzwischen geändert. Bitte laden Sie die Seite neu.");
      }
      await expireLapsedChanges({ now, releaseId: release.id }, tx);
      // Two requests at once: the release lock makes the second wait and find the first here.
      if (await tx.pressReleaseChange.count({ where: { pressReleaseId: release.id, status: "pending_payment" } })) {
        throw new AppError("change_not_allowed", CHANGE_AWAITS_PAYMENT);
      }
      const change = await tx.pressReleaseChange.create({
        data: { ...row, status: "pending_payment", expiresAt: new Date(now.getTime() + CHANGE_PAYMENT_WINDOW_MINUTES * 60_000) },
      });
      await recordActivity(activity(change.id, ACTIVITY.changeRequested), tx);
      return change.id;
    });
    return { changeId, precheckResult: classification.result, reasons: classification.reasons };
  } catch (err) {
    // The partial unique index (one pending_payment per release) backs the lock: a writer that
    // got past it anyway gets the same 409, never a 500.
    if (isUniqueViolation(err)) throw new AppError("change_not_allowed", CHANGE_AWAITS_PAYMENT);
    throw err;
  }
}
