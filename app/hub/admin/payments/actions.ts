"use server";

import { refresh } from "next/cache";
import { redirect } from "next/navigation";
import { parseManualInvoiceForm } from "@/lib/adapters/admin/manual-invoice-form";
import {
  billNowAsAdmin,
  endGrandfatheringAsAdmin,
  issueManualInvoiceAsAdmin,
  markInvoicePaidAsAdmin,
  placeHoldAsAdmin,
  remindInvoiceAsAdmin,
  removeAgreementAsAdmin,
  sendInvoiceAsAdmin,
  voidInvoiceAsAdmin,
} from "@/lib/adapters/admin/payment-actions";
import { requireConfirmedStaff } from "@/lib/domains/auth/session";
import { MAX_REASON_LENGTH } from "@/lib/core/input/admin-reason";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import { formHas, formText } from "@/lib/core/forms/form-fields";
import type { ErrorCode } from "@/lib/core/errors/errors";
import { parseRecordId } from "@/lib/core/input/ids";

// The actions of /admin/payments (spec 4.3). Each one checks the session first (signed in,
// staff, admin confirmation fresh) and calls one function of lib/adapters/admin/payment-actions.ts, which
// authorizes billing:manage from the stored user inside the transaction and writes the activity
// entry. A missing permission is therefore a form message like every other refusal, never an
// error page or a 500 (spec 7: "Admin actions without permission show an error message").

// The text field may carry a little more than a reason may hold: the domain then names the limit.
const REASON_FIELD_MAX = MAX_REASON_LENGTH + 1;

const INVOICE_MESSAGES: Partial<Record<ErrorCode, string>> = { not_found: "Diese Rechnung gibt es nicht (mehr)." };
// The agreement functions word their refusals in English for the logs; the admin reads German.
const AGREEMENT_MESSAGES: Partial<Record<ErrorCode, string>> = {
  not_found: "Diese Vereinbarung gibt es nicht (mehr).",
  conflict: "Das ist im aktuellen Stand dieser Vereinbarung nicht möglich. Laden Sie die Seite neu, um den aktuellen Stand zu sehen.",
};

const unknownInvoice = (): ActionResult => ({ ok: false, message: "Diese Rechnung gibt es nicht (mehr)." });
const unknownAgreement = (): ActionResult => ({ ok: false, message: "Diese Vereinbarung gibt es nicht (mehr)." });

function agreementError(err: unknown): ActionResult {
  const { detail: _english, ...result } = actionError(err, AGREEMENT_MESSAGES);
  return result;
}

// "Senden" (again, where it was sent before).
export async function sendInvoice(invoiceId: number, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const { user } = await requireConfirmedStaff();
  const id = parseRecordId(invoiceId);
  if (id === null) return unknownInvoice();
  try {
    const { resent } = await sendInvoiceAsAdmin({ adminUserId: user.id, invoiceId: id });
    refresh();
    return { ok: true, message: resent ? "Rechnung erneut versandt." : "Rechnung versandt." };
  } catch (err) {
    return actionError(err, INVOICE_MESSAGES);
  }
}

// "Erinnern": a payment reminder.
export async function remindInvoice(invoiceId: number, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const { user } = await requireConfirmedStaff();
  const id = parseRecordId(invoiceId);
  if (id === null) return unknownInvoice();
  try {
    const { reminderCount } = await remindInvoiceAsAdmin({ adminUserId: user.id, invoiceId: id });
    refresh();
    return { ok: true, message: `Zahlungserinnerung versandt (${reminderCount}. Erinnerung).` };
  } catch (err) {
    return actionError(err, INVOICE_MESSAGES);
  }
}

// "Als bezahlt markieren": the transfer arrived today.
export async function markPaid(invoiceId: number, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const { user } = await requireConfirmedStaff();
  const id = parseRecordId(invoiceId);
  if (id === null) return unknownInvoice();
  try {
    const { paid } = await markInvoicePaidAsAdmin({ adminUserId: user.id, invoiceId: id });
    refresh();
    return { ok: true, message: paid ? "Rechnung als bezahlt markiert." : "Die Rechnung war bereits als bezahlt markiert." };
  } catch (err) {
    return actionError(err, INVOICE_MESSAGES);
  }
}

// "Stornieren" with a required reason; the invoice stays, marked void.
export async function voidInvoice(invoiceId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user } = await requireConfirmedStaff();
  const id = parseRecordId(invoiceId);
  if (id === null) return unknownInvoice();
  try {
    const { voided } = await voidInvoiceAsAdmin({
      adminUserId: user.id,
      invoiceId: id,
      reason: formText(form, "reason", REASON_FIELD_MAX),
    });
    refresh();
    return voided
      ? { ok: true, message: "Rechnung storniert." }
      : { ok: false, message: "Die Rechnung ist bereits storniert oder bezahlt; es wurde nichts geändert." };
  } catch (err) {
    return actionError(err, INVOICE_MESSAGES);
  }
}

// "Jetzt abrechnen": lifts the hold and invoices the due period at once.
export async function billNow(paymentOptionId: number, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const { user } = await requireConfirmedStaff();
  const id = parseRecordId(paymentOptionId);
  if (id === null) return unknownAgreement();
  try {
    const { invoice } = await billNowAsAdmin({ adminUserId: user.id, paymentOptionId: id });
    refresh();
    return {
      ok: true,
      message: invoice
        ? `Sperre aufgehoben; Rechnung ${invoice.number} erstellt und versandt.`
        : "Sperre aufgehoben. Die Vereinbarung ist noch nicht fällig; der nächste Rechnungslauf rechnet sie ab.",
    };
  } catch (err) {
    return agreementError(err);
  }
}

// "Entfernen": the blocked agreement ends without an invoice.
export async function removeAgreement(paymentOptionId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user } = await requireConfirmedStaff();
  const id = parseRecordId(paymentOptionId);
  if (id === null) return unknownAgreement();
  try {
    await removeAgreementAsAdmin({ adminUserId: user.id, paymentOptionId: id, reason: formText(form, "reason", REASON_FIELD_MAX) });
    refresh();
    return { ok: true, message: "Vereinbarung beendet; es wurde keine Rechnung erstellt." };
  } catch (err) {
    return agreementError(err);
  }
}

// "Abrechnung sperren": the invoice run leaves the agreement to an admin.
export async function placeHold(paymentOptionId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user } = await requireConfirmedStaff();
  const id = parseRecordId(paymentOptionId);
  if (id === null) return unknownAgreement();
  try {
    await placeHoldAsAdmin({ adminUserId: user.id, paymentOptionId: id, reason: formText(form, "reason", REASON_FIELD_MAX) });
    refresh();
    return { ok: true, message: "Abrechnung gesperrt. Die Vereinbarung steht jetzt unter „Gesperrte Abrechnungen“." };
  } catch (err) {
    return agreementError(err);
  }
}

// "Bisherige Konditionen beenden": bundle cancelled, open MAN invoices voided, mail if asked.
export async function endGrandfathering(paymentOptionId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user } = await requireConfirmedStaff();
  const id = parseRecordId(paymentOptionId);
  if (id === null) return unknownAgreement();
  try {
    const done = await endGrandfatheringAsAdmin({
      adminUserId: user.id,
      paymentOptionId: id,
      reason: formText(form, "reason", REASON_FIELD_MAX),
      notifyCustomer: formHas(form, "notifyCustomer", "1"),
    });
    refresh();
    const voided = done.voidedInvoices.length
      ? ` Storniert: ${done.voidedInvoices.map((i) => i.number).join(", ")}.`
      : " Keine offene Rechnung war zu stornieren.";
    const mailed = done.mailed ? " Die Kundin oder der Kunde wurde per E-Mail benachrichtigt." : "";
    const provider = done.subscriptions.failed.length
      ? " Das Abonnement beim Zahlungsanbieter konnte nicht beendet werden: bitte dort von Hand beenden."
      : "";
    return { ok: !done.subscriptions.failed.length, message: `Bisherige Konditionen beendet.${voided}${mailed}${provider}` };
  } catch (err) {
    return agreementError(err);
  }
}

// "Rechnung ausstellen" (/admin/payments/new): back to the list, which names the new number.
export async function issueManualInvoice(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user } = await requireConfirmedStaff();
  const parsed = parseManualInvoiceForm(form);
  if (!parsed.ok) return { ok: false, message: "Bitte prüfen Sie die markierten Felder.", issues: parsed.issues };
  let issued: { number: string; sent: boolean };
  try {
    issued = await issueManualInvoiceAsAdmin({ adminUserId: user.id, ...parsed.input });
  } catch (err) {
    return actionError(err, INVOICE_MESSAGES);
  }
  refresh();
  redirect(`/admin/payments?issued=${encodeURIComponent(issued.number)}${issued.sent ? "&sent=1" : ""}`);
}
