"use server";

import { redirect } from "next/navigation";
import { parseCreditGrantForm } from "@/lib/adapters/admin/credit-grant-form";
import { requireConfirmedStaff } from "@/lib/domains/auth/session";
import { grantCredits } from "@/lib/domains/billing/credits/grant-credits";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";

// "Credits gutschreiben" (spec 5.11). The session is checked first (signed in, staff, admin
// confirmation fresh); grantCredits then authorizes billing:manage from the stored user inside
// the transaction that books the credits. A missing permission is a form message, never a 500.

export async function grantCreditsAction(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user } = await requireConfirmedStaff();
  const parsed = parseCreditGrantForm(form);
  if (!parsed.ok) return { ok: false, message: parsed.message, issues: parsed.issues };
  try {
    await grantCredits({ adminUserId: user.id, ...parsed.input });
  } catch (err) {
    return actionError(err, { not_found: "Diesen Newsroom gibt es nicht (mehr)." });
  }
  // The page names the booked grant (read back from the ledger) and gives the form a new id.
  redirect(`/admin/payments/credits?grant=${parsed.input.grantId}`);
}
