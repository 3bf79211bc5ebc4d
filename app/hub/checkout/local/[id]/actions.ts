"use server";

import { redirect } from "next/navigation";
import { readSession } from "@/lib/domains/auth/session";
import { abandonLocalCheckout, payLocalCheckout } from "@/lib/domains/billing/provider/local-provider";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import { CHECKOUT_MESSAGES } from "./messages";

// The test checkout's buttons. The session says who pays; the domain decides whether they may:
// a checkout is paid or abandoned only by the account that opened it, in person, never by staff
// acting as that account (lib/domains/billing/provider/local-provider.ts); anyone else gets a message
// and nothing changes.

export async function payAction(id: string, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const s = await readSession();
  let next: string;
  try {
    next = await payLocalCheckout(String(id), s?.user.id ?? null, { acting: s?.session });
  } catch (err) {
    return actionError(err, CHECKOUT_MESSAGES);
  }
  redirect(next);
}

export async function abandonAction(id: string, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const s = await readSession();
  let next: string;
  try {
    next = await abandonLocalCheckout(String(id), s?.user.id ?? null, { acting: s?.session });
  } catch (err) {
    return actionError(err, CHECKOUT_MESSAGES);
  }
  redirect(next);
}
