"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/core/forms/action-result";
import styles from "./auth-form.module.css";

/** App code or recovery code after a correct password or login link. */
export function ChallengeForm({ action }: { action: (prev: ActionResult | null, form: FormData) => Promise<ActionResult> }) {
  const [state, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction} className={`form ${styles.narrow}`}>
      <FormMessage result={state} />
      <Field id="code" label="Code aus der Authenticator-App oder Wiederherstellungscode">
        <input id="code" name="code" inputMode="text" autoComplete="one-time-code" autoFocus required maxLength={32} />
      </Field>
      <FormActions>
        <Button type="submit" disabled={pending}>
          Bestätigen
        </Button>
      </FormActions>
    </form>
  );
}
