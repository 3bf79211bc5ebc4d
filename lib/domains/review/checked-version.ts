import type { DbOrTx } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { inAutomaticReview } from "@/lib/domains/releases/live-newsroom";

// A release's round in review begins when it enters review from another status (a submission, a
// scheduled release sent back). In one round its version is checked once: a second job for the
// same version (queued by the sweep, or after a publication a business rule held up, which the
// sweep retries itself) finds the check and does nothing. A resubmission without changes is a
// new round and gets a new check (rejected, edited back, submitted again: attempt N of 3).

/** Release `r` (alias of press_releases) has a valid check of its current version from its current round in review. */
export const checkedThisRound = Prisma.sql`EXISTS (
  SELECT 1 FROM press_release_classifications c
  WHERE c.press_release_id = r.id AND c.review_fingerprint = r.review_fingerprint AND c.discarded_at IS NULL
    AND c.created_at >= COALESCE((
      SELECT max(h.created_at) FROM press_release_history h
      WHERE h.press_release_id = r.id AND h.to_status = 'in_review' AND h.from_status IS DISTINCT FROM 'in_review'), '-infinity'::timestamptz))`;

/** checkedThisRound for one release, read through `client` (under its row lock inside a transaction). */
export async function isCheckedThisRound(client: DbOrTx, releaseId: number): Promise<boolean> {
  const [row] = await client.$queryRaw<
    { checked: boolean }[]
  >`SELECT ${checkedThisRound} AS checked FROM press_releases r WHERE r.id = ${releaseId}`;
  return row?.checked ?? false;
}

/** Release `r` waits for its automatic check: on the automatic path with no check of this round (the sweep, the stuck rule, an editor's request). */
export const awaitingAutomaticCheck = Prisma.sql`(${inAutomaticReview}) AND NOT ${checkedThisRound}`;
