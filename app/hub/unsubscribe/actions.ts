"use server";

import type { ActionResult } from "@/lib/core/forms/action-result";
import { formText } from "@/lib/core/forms/form-fields";
import { applyUnsubscribe } from "@/lib/domains/mail/unsubscribe";

export async function unsubscribe(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const done = await applyUnsubscribe(formText(form, "t", 2000));
  return done
    ? { ok: true, message: "Sie sind abgemeldet. / You have been unsubscribed." }
    : { ok: false, message: "Dieser Abmeldelink ist ungültig. / This unsubscribe link is not valid." };
}
