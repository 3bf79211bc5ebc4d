import { assertCan } from "@/lib/domains/accounts/permissions";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db, type Tx } from "@/lib/core/db/client";
import type { UserPaymentOption } from "@/lib/generated/prisma/client";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { adminReason } from "@/lib/core/input/admin-reason";
import { lockAgreement } from "./agreement-locks";
import { invoiceAgreementPeriod, type InvoiceSkipReason } from "./invoice-agreement";

// Billing holds of /admin/payments (spec 4.3, 8): a held manual agreement is not invoiced by the
// run; the run lists it last ("blocked") and an admin bills it now or removes it. Each action
// authorizes inside its transaction and writes its activity entry there.

const STEP_TIMEOUT_MS = 30_000;

/** Locks the agreement after the permission check; refuses a missing one. */
async function lockForAdmin(tx: Tx, paymentOptionId: number, actorUserId: number): Promise<UserPaymentOption> {
  await assertCan(actorUserId, "billing:manage", tx);
  const agreement = await lockAgreement(tx, paymentOptionId);
  if (!agreement) throw notFound("No such agreement.");
  return agreement;
}

/** Holds a manual agreement back from the invoice run. */
export async function placeBillingHold(opts: {
  paymentOptionId: number;
  reason: string;
  actorUserId: number;
  now?: Date;
}): Promise<{ heldAt: Date }> {
  const reason = adminReason(opts.reason);
  const now = opts.now ?? new Date();
  return db.$transaction(async (tx) => {
    const a = await lockForAdmin(tx, opts.paymentOptionId, opts.actorUserId);
    if (a.provider !== "manual")
      throw new AppError("conflict", "Only bank-transfer agreements are invoiced by the run; a card agreement cannot be held.");
    if (a.status !== "active") throw new AppError("conflict", `This agreement is ${a.status}; only an active one can be held.`);
    // Race: two admins holding at once. Under the lock the second finds the hold and is refused.
    const held = await tx.userPaymentOption.updateMany({
      where: { id: a.id, status: "active", billingHoldAt: null },
      data: { billingHoldAt: now, billingHoldReason: reason },
    });
    if (!held.count) throw new AppError("conflict", "This agreement is already on billing hold.");
    await recordActivity(
      {
        actorUserId: opts.actorUserId,
        type: ACTIVITY.agreementBillingHoldPlaced,
        subjectType: "agreement",
        subjectId: a.id,
        reason,
        metadata: { userId: a.userId },
      },
      tx,
    );
    return { heldAt: now };
  });
}

export interface BillNowResult {
  /** The invoice created and delivered; null when the agreement was not due (the run bills it then). */
  invoice: { id: number; number: string } | null;
  skipped: InvoiceSkipReason | null;
}

/**
 * "Bill now" on a blocked agreement: clears the hold and, in the same transaction, runs the
 * invoice run's step for it (invoice for the current period, period advanced, invoice delivered).
 */
export async function billNow(opts: { paymentOptionId: number; actorUserId: number; now?: Date }): Promise<BillNowResult> {
  const now = opts.now ?? new Date();
  return db.$transaction(
    async (tx) => {
      const a = await lockForAdmin(tx, opts.paymentOptionId, opts.actorUserId);
      if (a.status !== "active") throw new AppError("conflict", `This agreement is ${a.status}; it is not billed any more.`);
      // Race: a double click or a second admin. Only the call that clears the hold bills; the
      // other finds it cleared under the lock (and the period advanced) and is refused.
      const cleared = await tx.userPaymentOption.updateMany({
        where: { id: a.id, status: "active", billingHoldAt: { not: null } },
        data: { billingHoldAt: null, billingHoldReason: null },
      });
      if (!cleared.count) throw new AppError("conflict", "This agreement is not on billing hold.");
      const step = await invoiceAgreementPeriod(tx, { paymentOptionId: a.id, now, actorUserId: opts.actorUserId });
      const invoice = step.kind === "invoiced" ? { id: step.invoiceId, number: step.number } : null;
      const skipped = step.kind === "skipped" ? step.reason : null;
      await recordActivity(
        {
          actorUserId: opts.actorUserId,
          type: ACTIVITY.agreementBilledNow,
          subjectType: "agreement",
          subjectId: a.id,
          result: invoice?.number ?? skipped ?? undefined,
          ...(a.billingHoldReason ? { reason: a.billingHoldReason } : {}),
          metadata: { userId: a.userId, invoiceId: invoice?.id ?? null },
        },
        tx,
      );
      return { invoice, skipped };
    },
    { timeout: STEP_TIMEOUT_MS },
  );
}

/** Removes a blocked agreement: it ends (cancelled), no invoice is made, nothing is deleted. */
export async function removeBlockedAgreement(opts: {
  paymentOptionId: number;
  actorUserId: number;
  reason: string;
  now?: Date;
}): Promise<{ cancelledAt: Date }> {
  const reason = adminReason(opts.reason);
  const now = opts.now ?? new Date();
  return db.$transaction(async (tx) => {
    const a = await lockForAdmin(tx, opts.paymentOptionId, opts.actorUserId);
    // Race: "bill now" and "remove" on the same queue entry. Whichever locks second finds the
    // hold cleared or the agreement ended and is refused.
    const ended = await tx.userPaymentOption.updateMany({
      where: { id: a.id, status: "active", billingHoldAt: { not: null } },
      data: { status: "cancelled", cancelledAt: now },
    });
    if (!ended.count)
      throw new AppError(
        "conflict",
        a.status === "active" ? "Only an agreement on billing hold can be removed here." : `This agreement is already ${a.status}.`,
      );
    await recordActivity(
      {
        actorUserId: opts.actorUserId,
        type: ACTIVITY.agreementBlockedRemoved,
        subjectType: "agreement",
        subjectId: a.id,
        result: "cancelled",
        reason,
        metadata: { userId: a.userId, holdReason: a.billingHoldReason },
      },
      tx,
    );
    return { cancelledAt: now };
  });
}
