import { bestEffort } from "@/lib/domains/activity/best-effort";
import { db, type DbOrTx, type Tx } from "@/lib/core/db/client";
import type { PressRelease } from "@/lib/generated/prisma/client";
import { deliveredOnPublicationWhere } from "@/lib/domains/images/deliverable";
import { discardChecksOfOtherVersions } from "@/lib/domains/releases/discard-text-checks";
import { syncSearchMirror } from "./search-mirror";
import { recordHistory, SYSTEM, type Actor } from "./history";
import { lockRelease } from "./lock";
import { issueReceiptFor } from "./receipts/issue-receipt";
import { statedImages } from "./receipts/receipt-payload";
import { requestAutomaticCheck } from "./request-check";
import { reviewFingerprint, type JudgedImage } from "./review-fingerprint";

// Images belong to what a check or a person's approval is valid for (docs/release-lifecycle.md,
// "Review fingerprint"). Every change of what a publication would show (an upload, a removal, a
// corrected credit, alt text or AI declaration, an admin's upload released by the owner, a
// withheld image released) recomputes the fingerprint under the release's row lock; a release in
// review or scheduled whose fingerprint moved goes back to its check.

/** A judged image with what the text check is shown of it (its alt text and the parts of its credit line). */
export interface JudgedImageRow extends JudgedImage {
  alt: string | null;
  customerStatement: string | null;
  portalLabel: string | null;
}

/**
 * The images the fingerprint judges: those a publication would deliver (lib/domains/images/deliverable.ts),
 * in the order a page shows them. One query for the fingerprint and for what the check is shown.
 */
export async function judgedImagesOf(client: DbOrTx, releaseId: number): Promise<JudgedImageRow[]> {
  return client.pressReleaseImage.findMany({
    where: { pressReleaseId: releaseId, ...deliveredOnPublicationWhere },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: { bytesSha256: true, metadataHash: true, alt: true, customerStatement: true, portalLabel: true },
  });
}

/** The fingerprint of a release's stored text with these judged images. */
export function fingerprintWith(release: PressRelease, images: JudgedImage[]): string {
  return reviewFingerprint({
    title: release.title,
    lead: release.lead,
    body: release.body,
    location: release.location,
    keywords: release.keywords,
    categoryId: release.categoryId,
    contactName: release.contactName,
    contactEmail: release.contactEmail,
    contactPhone: release.contactPhone,
    language: release.language,
    images,
  });
}

/** The fingerprint of the release as it stands now: its stored text and its judged images. */
export async function currentReviewFingerprint(client: DbOrTx, release: PressRelease): Promise<string> {
  return fingerprintWith(release, await judgedImagesOf(client, release.id));
}

/** A scheduled release goes back to review (to a person's queue when it needs one); any other stays as it is. */
function backToReviewColumns(release: Pick<PressRelease, "status" | "manualReviewRequiredAt">, now: Date) {
  return release.status === "scheduled"
    ? { status: "in_review" as const, ...(release.manualReviewRequiredAt ? { manualQueueAt: now } : {}) }
    : {};
}

/** A scheduled release's step back to review, recorded with why (`manual_queue` when a person decides next). */
async function recordBackToReview(
  tx: Tx,
  release: Pick<PressRelease, "id" | "status" | "manualReviewRequiredAt">,
  actor: Actor,
  outcome: string,
): Promise<void> {
  if (release.status !== "scheduled") return;
  await recordHistory(tx, {
    pressReleaseId: release.id,
    from: "scheduled",
    to: "in_review",
    actor,
    outcome: release.manualReviewRequiredAt ? "manual_queue" : outcome,
  });
  // No lifecycle event marks this step (nothing public changes), so the search mirror, which
  // the admin list filters by status, learns the new status here.
  await syncSearchMirror(tx, release.id);
}

/**
 * The columns that void a check or approval of an earlier version: a person's approval goes, and
 * a scheduled release goes back to review (to a person's queue when it needs one).
 */
export function reviewVoidedColumns(release: Pick<PressRelease, "status" | "manualReviewRequiredAt">, now: Date) {
  return { approvedReviewFingerprint: null, ...backToReviewColumns(release, now) };
}

/**
 * Checks of other versions are discarded (never publish this one); a scheduled release's step
 * back is recorded, named by what changed (`content_changed` or `images_changed`).
 */
export async function recordReviewVoided(
  tx: Tx,
  release: Pick<PressRelease, "id" | "status" | "manualReviewRequiredAt">,
  fingerprint: string,
  opts: { actor: Actor; now: Date; outcome?: "content_changed" | "images_changed" },
): Promise<void> {
  await discardChecksOfOtherVersions(tx, release.id, fingerprint, opts.now);
  await recordBackToReview(tx, release, opts.actor, opts.outcome ?? "content_changed");
}

/** Whether a release in this state waits for the automatic check (not for a person). */
export function awaitsAutomaticCheck(
  r: Pick<PressRelease, "status" | "manualReviewRequiredAt" | "reviewFlaggedAt" | "manualQueueAt">,
): boolean {
  return r.status === "in_review" && !r.manualReviewRequiredAt && !r.reviewFlaggedAt && !r.manualQueueAt;
}

export interface FingerprintRefresh {
  releaseId: number;
  /** The new fingerprint when it moved; null when it stayed. */
  fingerprint: string | null;
  /** A new automatic check is to be requested once the transaction commits. */
  needsCheck: boolean;
}

/**
 * Recomputes the stored fingerprint of the release locked in `tx` after a change of its images.
 * When it moved, on a release not yet published: checks of the old version are discarded, a
 * person's approval is cleared, and a scheduled release goes back to review. Published releases
 * only get the new value (their changes pass other doors).
 */
export async function refreshReviewFingerprint(
  tx: Tx,
  release: PressRelease,
  opts: { actor: Actor; now: Date },
): Promise<FingerprintRefresh> {
  const fingerprint = await currentReviewFingerprint(tx, release);
  if (fingerprint === release.reviewFingerprint) return { releaseId: release.id, fingerprint: null, needsCheck: false };
  const open = release.status !== "published" && release.status !== "archived" && release.status !== "depublished";
  const voided = open ? reviewVoidedColumns(release, opts.now) : {};
  const updated = await tx.pressRelease.update({ where: { id: release.id }, data: { reviewFingerprint: fingerprint, ...voided } });
  if (open) await recordReviewVoided(tx, release, fingerprint, { ...opts, outcome: "images_changed" });
  return { releaseId: release.id, fingerprint, needsCheck: open && awaitsAutomaticCheck(updated) };
}

/** After the commit: the check the refresh asked for. */
async function requestCheckAfterRefresh(refresh: FingerprintRefresh, now: Date): Promise<void> {
  if (refresh.needsCheck && refresh.fingerprint) await requestAutomaticCheck(refresh.releaseId, refresh.fingerprint, now);
}

/**
 * An image change of a release (upload, removal, correction, the owner's confirmation, a withheld
 * image released): `change` runs under the release's row lock, the fingerprint is refreshed in
 * the same transaction, and after the commit the check it calls for is requested. That request
 * is best-effort: the image is stored whatever it answers (a client retrying after an error
 * would upload it twice), and a check that was not queued is asked for by the check sweep.
 * On a release that was ever published, a change of the images its page delivers (files,
 * metadata or order) is a change of what the public is shown: its receipt (`images_changed`,
 * docs/receipts.md) is written in the same transaction.
 */
export async function changeReleaseImages<T>(
  releaseId: number,
  opts: { actor: Actor; now: Date },
  change: (tx: Tx, release: PressRelease) => Promise<T>,
): Promise<T> {
  const { result, refresh } = await db.$transaction(async (tx) => {
    const release = await lockRelease(tx, releaseId);
    const shownBefore = release.publishedEverAt ? await statedImages(tx, release.id, opts.now) : null;
    const result = await change(tx, release);
    const refresh = await refreshReviewFingerprint(tx, release, opts);
    if (shownBefore && !sameImages(shownBefore, await statedImages(tx, release.id, opts.now)))
      await issueReceiptFor(tx, { releaseId: release.id, event: "images_changed", issuedAt: opts.now });
    return { result, refresh };
  });
  await bestEffort("request of the check after an image change", () => requestCheckAfterRefresh(refresh, opts.now));
  return result;
}

/** Whether two statements of a page's images are the same: each image's file and metadata, in the same places. */
function sameImages(a: { position: number; sha256: string; metadata_hash: string }[], b: typeof a): boolean {
  return (
    a.length === b.length &&
    a.every((x, i) => x.position === b[i]!.position && x.sha256 === b[i]!.sha256 && x.metadata_hash === b[i]!.metadata_hash)
  );
}

/** The release locked in `tx`, or null when it is deleted (the refusal paths below have nothing to do then). */
async function lockUnlessDeleted(tx: Tx, releaseId: number): Promise<PressRelease | null> {
  const found = await tx.pressRelease.findFirst({ where: { id: releaseId, deletedAt: null }, select: { id: true } });
  return found ? lockRelease(tx, found.id) : null;
}

/**
 * publish() refused a release whose stored fingerprint no longer matched what it would publish:
 * the refusal rolled back, so the fingerprint is brought up to date here, in its own transaction,
 * and the release goes back to its check. True when the fingerprint moved.
 */
export async function refreshAfterRefusal(releaseId: number, now: Date): Promise<boolean> {
  const refresh = await db.$transaction(async (tx) => {
    const release = await lockUnlessDeleted(tx, releaseId);
    return release ? refreshReviewFingerprint(tx, release, { actor: SYSTEM, now }) : null;
  });
  if (!refresh?.fingerprint) return false;
  await requestCheckAfterRefresh(refresh, now);
  return true;
}

/**
 * publish() refused a scheduled release for a stale check while its stored fingerprint is current
 * (its check was discarded, or never made for this version): the check runs only for releases in
 * review, so the release goes back to review, recorded as such, and its check is asked for. True
 * when it went back.
 */
export async function sendScheduledBackToCheck(releaseId: number, now: Date): Promise<boolean> {
  const back = await db.$transaction(async (tx) => {
    const release = await lockUnlessDeleted(tx, releaseId);
    if (release?.status !== "scheduled") return null;
    // The same version, only its check is missing: a person's approval of it stays.
    const updated = await tx.pressRelease.update({ where: { id: release.id }, data: backToReviewColumns(release, now) });
    await recordBackToReview(tx, release, SYSTEM, "stale_classification");
    return updated;
  });
  if (!back) return false;
  if (awaitsAutomaticCheck(back) && back.reviewFingerprint) await requestAutomaticCheck(back.id, back.reviewFingerprint, now);
  return true;
}
