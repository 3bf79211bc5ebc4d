"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/core/forms/action-result";
import styles from "./auth-form.module.css";

/** "Passwort vergessen?": the address to mail a reset link to. The answer is the same for every address. */
export function PasswordResetRequestForm({ action }: { action: (prev: ActionResult | null, form: FormData) => Promise<ActionResult> }) {
  const [state, formAction, pending] = useActionState(action, null);
  const issue = state?.issues?.email;
  return (
    <form action={formAction} className={`form ${styles.narrow}`} aria-label="Link zum Zurücksetzen anfordern">
      <FormMessage result={state} />
      <Field id="reset-email" label="E-Mail-Adresse Ihres Kontos" issue={issue}>
        <input
          id="reset-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          autoFocus
          maxLength={320}
          {...describedBy("reset-email", issue)}
        />
      </Field>
      <FormActions>
        <Button type="submit" disabled={pending}>
          {pending ? "Wird gesendet …" : "Link zum Zurücksetzen senden"}
        </Button>
      </FormActions>
    </form>
  );
}
