"use server";

import { redirect } from "next/navigation";
import { startCheckout } from "@/lib/billing/checkout/start-checkout";
import { openPaymentPortal } from "@/lib/billing/checkout/payment-portal";
import { requireCustomerActing } from "@/lib/auth/session";
import { actionError, type ActionResult } from "@/lib/forms/action-result";

const MESSAGES = { conflict: "Das ist gerade nicht möglich.", forbidden: "Das darf nur die Inhaberin oder der Inhaber des Newsrooms.", service_unavailable: "Zahlungen sind gerade nicht möglich. Bitte versuchen Sie es später noch einmal." } as const;

// Book a plan: off to the checkout (Stripe, or the local test checkout).
export async function bookPlan(planId: string, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const acting = await requireCustomerActing("billing");
  if (!acting.ok) return acting;
  const { user } = acting;
  let url: string;
  try {
    url = (await startCheckout({ purpose: "booking", userId: user.id, planId })).url;
  } catch (err) {
    return actionError(err, MESSAGES);
  }
  redirect(url);
}

// Buy a credit pack for one newsroom.
export async function buyCredits(companyId: number, packId: string, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const acting = await requireCustomerActing("billing");
  if (!acting.ok) return acting;
  const { user } = acting;
  let url: string;
  try {
    url = (await startCheckout({ purpose: "credits", userId: user.id, companyId: Number(companyId), packId })).url;
  } catch (err) {
    return actionError(err, MESSAGES);
  }
  redirect(url);
}

// Manage the payment method at the provider.
export async function managePaymentMethod(_prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const acting = await requireCustomerActing("billing");
  if (!acting.ok) return acting;
  const { user } = acting;
  let url: string;
  try {
    url = await openPaymentPortal(user.id);
  } catch (err) {
    return actionError(err, MESSAGES);
  }
  redirect(url);
}
