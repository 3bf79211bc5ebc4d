"use client";

import { useActionState } from "react";
import { describedBy, FormField } from "@/components/ui/form-field";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/forms/action-result";

/** "Passwort vergessen?": the address to mail a reset link to. The answer is the same for every address. */
export function PasswordResetRequestForm({ action }: { action: (prev: ActionResult | null, form: FormData) => Promise<ActionResult> }) {
  const [state, formAction, pending] = useActionState(action, null);
  const issue = state?.issues?.email;
  return (
    <form action={formAction} className="form" style={{ maxWidth: "26rem" }} aria-label="Link zum Zurücksetzen anfordern">
      <FormMessage result={state} />
      <FormField id="reset-email" label="E-Mail-Adresse Ihres Kontos" issue={issue}>
        <input id="reset-email" name="email" type="email" autoComplete="email" required autoFocus maxLength={320} {...describedBy("reset-email", issue)} />
      </FormField>
      <div className="button-row">
        <button type="submit" className="button" disabled={pending}>
          {pending ? "Wird gesendet …" : "Link zum Zurücksetzen senden"}
        </button>
      </div>
    </form>
  );
}
