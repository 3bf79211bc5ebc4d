"use server";

import { redirect } from "next/navigation";
import { startCheckout } from "@/lib/domains/billing/checkout/start-checkout";
import { openPaymentPortal } from "@/lib/domains/billing/checkout/payment-portal";
import { requireUser } from "@/lib/domains/auth/session";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import { parseRecordId } from "@/lib/core/input/ids";

// The billing page's purchases: each is the customer's own decision, so the domain refuses staff
// signed in as the customer (support access) with its own message.

const MESSAGES = {
  conflict: "Das ist gerade nicht möglich.",
  forbidden: "Das darf nur die Inhaberin oder der Inhaber des Newsrooms.",
  service_unavailable: "Zahlungen sind gerade nicht möglich. Bitte versuchen Sie es später noch einmal.",
} as const;

const UPGRADE_MESSAGES = {
  ...MESSAGES,
  not_found: "Diesen Vertrag gibt es nicht.",
  validation_failed: "Auf dieses Paket können Sie nicht wechseln.",
} as const;

// Book a plan: off to the checkout (Stripe, or the local test checkout).
export async function bookPlan(planId: string, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const { user, session } = await requireUser();
  let url: string;
  try {
    url = (await startCheckout({ purpose: "booking", userId: user.id, planId, acting: session })).url;
  } catch (err) {
    return actionError(err, MESSAGES);
  }
  redirect(url);
}

// Move to a bigger plan: the same checkout as a first booking; once paid, the replaced plan ends with its period.
export async function upgradePlan(agreementId: number, planId: string, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const { user, session } = await requireUser();
  const id = parseRecordId(agreementId);
  if (id === null) return { ok: false, code: "not_found", message: UPGRADE_MESSAGES.not_found };
  let url: string;
  try {
    url = (await startCheckout({ purpose: "booking", userId: user.id, planId, replacesAgreementId: id, acting: session })).url;
  } catch (err) {
    return actionError(err, UPGRADE_MESSAGES);
  }
  redirect(url);
}

// Buy a credit pack for one newsroom. A newsroom id that names nothing is answered like a newsroom the user does not own.
export async function buyCredits(companyId: number, packId: string, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const { user, session } = await requireUser();
  const id = parseRecordId(companyId);
  if (id === null) return { ok: false, code: "forbidden", message: MESSAGES.forbidden };
  let url: string;
  try {
    url = (await startCheckout({ purpose: "credits", userId: user.id, companyId: id, packId, acting: session })).url;
  } catch (err) {
    return actionError(err, MESSAGES);
  }
  redirect(url);
}

// Manage the payment method at the provider.
export async function managePaymentMethod(_prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const { user, session } = await requireUser();
  let url: string;
  try {
    url = await openPaymentPortal(user.id, { acting: session });
  } catch (err) {
    return actionError(err, MESSAGES);
  }
  redirect(url);
}
