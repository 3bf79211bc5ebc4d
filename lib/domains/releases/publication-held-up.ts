import { db } from "@/lib/core/db/client";
import type { ReleaseStatus } from "@/lib/generated/prisma/client";
import type { AppError } from "@/lib/core/errors/errors";
import { recordHistory, type Actor } from "./history";

/**
 * A business outcome (quota, a missing image confirmation, a stale check) held up a publication:
 * it goes into the release's history under the row lock, and only while the release still waits
 * in `status`. A publication that won meanwhile (a sweep and a check at once), or a step back to
 * review, gets no entry about a state it has left. With `oncePerOutcome` only when the last entry
 * names another outcome, so a sweep or the scheduler retrying every few minutes writes it once.
 * True when written.
 */
export async function recordPublicationHeldUp(
  releaseId: number,
  status: Extract<ReleaseStatus, "in_review" | "scheduled">,
  actor: Actor,
  err: AppError,
  opts: { oncePerOutcome: boolean },
): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<
      { status: ReleaseStatus }[]
    >`SELECT status FROM press_releases WHERE id = ${releaseId} AND deleted_at IS NULL FOR UPDATE`;
    if (row?.status !== status) return false;
    if (opts.oncePerOutcome) {
      const last = await tx.pressReleaseHistory.findFirst({
        where: { pressReleaseId: releaseId },
        orderBy: { id: "desc" },
        select: { outcome: true },
      });
      if (last?.outcome === err.code) return false;
    }
    await recordHistory(tx, { pressReleaseId: releaseId, from: status, to: status, actor, outcome: err.code, reason: err.message });
    return true;
  });
}
