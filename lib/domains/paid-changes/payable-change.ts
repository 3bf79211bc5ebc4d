import { assertReleaseAction } from "@/lib/domains/accounts/abilities";
import { ownReleaseOrThrow } from "@/lib/domains/accounts/newsrooms";
import { db } from "@/lib/core/db/client";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";
import { assertChangeable } from "./request-paid-change";

export interface PayableChange {
  changeId: number;
  releaseId: number;
  releaseTitle: string;
  /** Net price; VAT is added at checkout. */
  amountCents: number;
  expiresAt: Date;
}

/**
 * A checked change the user may pay for now: a change of a release of one of the user's
 * newsrooms (anyone else's answers "not found"), with the edit right, still waiting for its
 * payment within its window, on a release that is still live and unchanged once. For the
 * checkout, when the customer comes back to a change already checked.
 */
export async function payableChangeOrThrow(opts: { userId: number; changeId: number; now?: Date }): Promise<PayableChange> {
  const now = opts.now ?? new Date();
  if (!isRecordId(opts.changeId)) throw notFound("Change not found.");
  const change = await db.pressReleaseChange.findUnique({ where: { id: opts.changeId } });
  if (!change) throw notFound("Change not found.");
  const release = await ownReleaseOrThrow(opts.userId, change.pressReleaseId);
  await assertReleaseAction(opts.userId, release, "edit");
  assertChangeable(release);
  if (change.status !== "pending_payment" || !change.expiresAt || change.expiresAt <= now) {
    throw new AppError("change_not_allowed", "Diese Änderung wartet nicht mehr auf Zahlung. Bitte lassen Sie den Text erneut prüfen.");
  }
  return {
    changeId: change.id,
    releaseId: release.id,
    releaseTitle: release.title,
    amountCents: change.amountCents,
    expiresAt: change.expiresAt,
  };
}
