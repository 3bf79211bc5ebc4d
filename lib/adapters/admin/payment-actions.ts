import { assertCan } from "@/lib/domains/accounts/permissions";
import { billNow, placeBillingHold, removeBlockedAgreement, type BillNowResult } from "@/lib/domains/billing/agreements/billing-holds";
import { endGrandfathering, type EndGrandfatheringResult } from "@/lib/domains/billing/grandfathering/end-grandfathering";
import { createManualInvoice } from "@/lib/domains/billing/invoices/create-manual-invoice";
import type { InvoiceLine } from "@/lib/domains/billing/invoices/invoice-lines";
import { markInvoicePaid } from "@/lib/domains/billing/invoices/mark-invoice-paid";
import { remindInvoice } from "@/lib/domains/billing/invoices/remind-invoice";
import { sendManualInvoice } from "@/lib/domains/billing/invoices/send-manual-invoice";
import { voidInvoice } from "@/lib/domains/billing/invoices/void-invoice";
import { db, type Tx } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { adminReason } from "@/lib/core/input/admin-reason";

// The actions of /admin/payments (spec 4.3) as the admin's server actions call them: each takes
// the admin's user id and authorizes billing:manage from the stored user inside the transaction
// that changes anything, so a customer or an admin without the permission changes nothing. The
// agreement actions authorize inside their own domain transaction; the invoice actions here.

/** Rendering the PDF for the mail runs inside the transaction, as in the invoice run. */
const STEP_TIMEOUT_MS = 30_000;

interface AdminAction {
  adminUserId: number;
  now?: Date;
}

async function asBillingAdmin<T>(adminUserId: number, step: (tx: Tx) => Promise<T>): Promise<T> {
  return db.$transaction(
    async (tx) => {
      // Race: billing:manage revoked while the admin clicks. The user row is read FOR SHARE:
      // a revocation committed before is seen here, a later one waits for this action.
      await assertCan(adminUserId, "billing:manage", tx);
      return step(tx);
    },
    { timeout: STEP_TIMEOUT_MS },
  );
}

/** "Senden": mails a MAN invoice (again) as the delivery settings say. */
export async function sendInvoiceAsAdmin(opts: AdminAction & { invoiceId: number }) {
  return asBillingAdmin(opts.adminUserId, (tx) =>
    sendManualInvoice({ invoiceId: opts.invoiceId, actorUserId: opts.adminUserId, now: opts.now }, tx),
  );
}

/** "Erinnern": a payment reminder for an open MAN invoice. */
export async function remindInvoiceAsAdmin(opts: AdminAction & { invoiceId: number }) {
  return asBillingAdmin(opts.adminUserId, (tx) =>
    remindInvoice({ invoiceId: opts.invoiceId, actorUserId: opts.adminUserId, now: opts.now }, tx),
  );
}

/** "Als bezahlt markieren": the bank transfer arrived. */
export async function markInvoicePaidAsAdmin(opts: AdminAction & { invoiceId: number }) {
  return asBillingAdmin(opts.adminUserId, (tx) =>
    markInvoicePaid({ invoiceId: opts.invoiceId, actorUserId: opts.adminUserId, now: opts.now }, tx),
  );
}

/** "Stornieren", with the reason printed on the invoice. */
export async function voidInvoiceAsAdmin(opts: AdminAction & { invoiceId: number; reason: string }) {
  const reason = adminReason(opts.reason);
  return asBillingAdmin(opts.adminUserId, (tx) =>
    voidInvoice({ invoiceId: opts.invoiceId, reason, actorUserId: opts.adminUserId, now: opts.now }, tx),
  );
}

/** "Jetzt abrechnen" on a blocked agreement (authorized inside billNow). */
export async function billNowAsAdmin(opts: AdminAction & { paymentOptionId: number }): Promise<BillNowResult> {
  return billNow({ paymentOptionId: opts.paymentOptionId, actorUserId: opts.adminUserId, now: opts.now });
}

/** "Entfernen" of a blocked agreement (authorized inside removeBlockedAgreement). */
export async function removeAgreementAsAdmin(opts: AdminAction & { paymentOptionId: number; reason: string }) {
  return removeBlockedAgreement({
    paymentOptionId: opts.paymentOptionId,
    reason: opts.reason,
    actorUserId: opts.adminUserId,
    now: opts.now,
  });
}

/** "Abrechnung sperren" on an active manual agreement (authorized inside placeBillingHold). */
export async function placeHoldAsAdmin(opts: AdminAction & { paymentOptionId: number; reason: string }) {
  return placeBillingHold({ paymentOptionId: opts.paymentOptionId, reason: opts.reason, actorUserId: opts.adminUserId, now: opts.now });
}

/** "Bisherige Konditionen beenden" (authorized inside endGrandfathering). */
export async function endGrandfatheringAsAdmin(
  opts: AdminAction & { paymentOptionId: number; reason: string; notifyCustomer: boolean },
): Promise<EndGrandfatheringResult> {
  return endGrandfathering({
    paymentOptionId: opts.paymentOptionId,
    reason: opts.reason,
    notifyCustomer: opts.notifyCustomer,
    actorUserId: opts.adminUserId,
    now: opts.now,
  });
}

export interface IssueManualInvoiceOptions extends AdminAction {
  customerEmail: string;
  periodStart: Date;
  periodEnd: Date;
  lines: InvoiceLine[];
  sendNow: boolean;
}

/**
 * "Rechnung ausstellen": a MAN invoice for the account with this e-mail, sent at once if asked,
 * in one transaction (a failed send returns the number). The account is looked up only after
 * the permission check, so nobody else can probe which addresses have an account.
 */
export async function issueManualInvoiceAsAdmin(opts: IssueManualInvoiceOptions): Promise<{ id: number; number: string; sent: boolean }> {
  const email = opts.customerEmail.trim().toLowerCase();
  return asBillingAdmin(opts.adminUserId, async (tx) => {
    const customer = email ? await tx.user.findUnique({ where: { email }, select: { id: true, deletedAt: true } }) : null;
    if (!customer || customer.deletedAt) {
      const message = "Zu dieser E-Mail-Adresse gibt es kein Kundenkonto.";
      throw new AppError("validation_failed", message, undefined, [{ path: "customerEmail", message }]);
    }
    const invoice = await createManualInvoice(
      {
        userId: customer.id,
        lines: opts.lines,
        periodStart: opts.periodStart,
        periodEnd: opts.periodEnd,
        actorUserId: opts.adminUserId,
        now: opts.now,
      },
      tx,
    );
    if (opts.sendNow) await sendManualInvoice({ invoiceId: invoice.id, actorUserId: opts.adminUserId, now: opts.now }, tx);
    return { ...invoice, sent: opts.sendNow };
  });
}
