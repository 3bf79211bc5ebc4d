"use client";

import { useActionState } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/core/forms/action-result";
import styles from "./auth-form.module.css";

interface Props {
  /** The reset link's token; sent back only with the form (POST), never redeemed on page load. */
  token: string;
  minPasswordLength: number;
  action: (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
}

/** The new password, twice. After success only the message and the way to sign in remain. */
export function NewPasswordForm({ token, minPasswordLength, action }: Props) {
  const [state, formAction, pending] = useActionState(action, null);
  if (state?.ok) {
    return (
      <div>
        <FormMessage result={state} />
        <p>
          <a className={buttonClass()} href="/login">
            Jetzt anmelden
          </a>
        </p>
      </div>
    );
  }
  const issue = (field: string) => state?.issues?.[field];
  return (
    <form action={formAction} className={`form ${styles.narrow}`} aria-label="Neues Passwort festlegen">
      <FormMessage result={state} />
      {state?.code === "gone" ? (
        <p>
          <a href="/login/reset">Neuen Link anfordern</a>
        </p>
      ) : null}
      <input type="hidden" name="token" value={token} />
      <Field
        id="reset-password"
        label="Neues Passwort"
        issue={issue("password")}
        hint={`Mindestens ${minPasswordLength} Zeichen. Passwörter, die aus Datenlecks bekannt sind, werden abgelehnt.`}
      >
        <input
          id="reset-password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          autoFocus
          minLength={minPasswordLength}
          {...describedBy("reset-password", issue("password"), true)}
        />
      </Field>
      <Field id="reset-password-repeat" label="Neues Passwort wiederholen" issue={issue("newPasswordRepeat")}>
        <input
          id="reset-password-repeat"
          name="newPasswordRepeat"
          type="password"
          autoComplete="new-password"
          required
          minLength={minPasswordLength}
          {...describedBy("reset-password-repeat", issue("newPasswordRepeat"))}
        />
      </Field>
      <p className="hint">Mit dem neuen Passwort werden alle Geräte abgemeldet, auch dieses. Ihre API-Tokens bleiben gültig.</p>
      <FormActions>
        <Button type="submit" disabled={pending}>
          {pending ? "Wird gespeichert …" : "Passwort speichern"}
        </Button>
      </FormActions>
    </form>
  );
}
