"use server";

import { refresh } from "next/cache";
import { requireUser } from "@/lib/domains/auth/session";
import { coerceBillingAddressForm } from "@/lib/domains/billing/invoices/billing-address-fields";
import { saveBillingAddress } from "@/lib/domains/billing/invoices/billing-address";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";

const MESSAGES = { not_found: "Ihr Konto ist nicht mehr aktiv. Bitte melden Sie sich erneut an." } as const;

// Saves the billing address with the invoice-delivery settings (spec 4.6); the domain refuses
// staff signed in as the customer.
export async function saveBillingAddressAction(_prev: ActionResult | null, values: unknown): Promise<ActionResult> {
  const { user, session } = await requireUser();
  try {
    const { changed } = await saveBillingAddress({ userId: user.id, values: coerceBillingAddressForm(values), acting: session });
    refresh();
    return {
      ok: true,
      message: changed.length ? "Gespeichert. Neue Rechnungen und Erinnerungen folgen diesen Angaben." : "Keine Änderungen.",
    };
  } catch (err) {
    return actionError(err, MESSAGES);
  }
}
