"use server";

import { redirect } from "next/navigation";
import { impersonationRefusal, type ImpersonationRefusal } from "@/lib/auth/impersonation/customer-acting";
import { readSession } from "@/lib/auth/session";
import { abandonLocalCheckout, payLocalCheckout } from "@/lib/billing/provider/local-provider";
import { actionError, type ActionResult } from "@/lib/forms/action-result";
import { CHECKOUT_MESSAGES } from "./messages";

// The test checkout's buttons. The session decides who pays: a checkout is paid or abandoned
// only by the account that opened it (lib/billing/provider/local-provider.ts, assertOpenedBy),
// in person: not by staff acting as that account; anyone else gets a message and nothing changes.

/** Who pays: the signed-in account, or a refusal when staff act in its session (support access never pays or abandons). */
async function payingUser(): Promise<{ userId: number | null } | ImpersonationRefusal> {
  const s = await readSession();
  return (s && impersonationRefusal(s.session, "billing")) ?? { userId: s?.user.id ?? null };
}

export async function payAction(id: string, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const payer = await payingUser();
  if (!("userId" in payer)) return payer;
  let next: string;
  try {
    next = await payLocalCheckout(String(id), payer.userId);
  } catch (err) {
    return actionError(err, CHECKOUT_MESSAGES);
  }
  redirect(next);
}

export async function abandonAction(id: string, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const payer = await payingUser();
  if (!("userId" in payer)) return payer;
  let next: string;
  try {
    next = await abandonLocalCheckout(String(id), payer.userId);
  } catch (err) {
    return actionError(err, CHECKOUT_MESSAGES);
  }
  redirect(next);
}
