"use client";

import { useActionState } from "react";
import { FormField } from "@/components/ui/form-field";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/forms/action-result";

/** App code or recovery code after a correct password or login link. */
export function ChallengeForm({ action }: { action: (prev: ActionResult | null, form: FormData) => Promise<ActionResult> }) {
  const [state, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction} className="form" style={{ maxWidth: "26rem" }}>
      <FormMessage result={state} />
      <FormField id="code" label="Code aus der Authenticator-App oder Wiederherstellungscode">
        <input id="code" name="code" inputMode="text" autoComplete="one-time-code" autoFocus required maxLength={32} />
      </FormField>
      <div className="button-row">
        <button type="submit" className="button" disabled={pending}>
          Bestätigen
        </button>
      </div>
    </form>
  );
}
