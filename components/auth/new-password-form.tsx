"use client";

import { useActionState } from "react";
import { describedBy, FormField } from "@/components/ui/form-field";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/forms/action-result";

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
          <a className="button" href="/login">
            Jetzt anmelden
          </a>
        </p>
      </div>
    );
  }
  const issue = (field: string) => state?.issues?.[field];
  return (
    <form action={formAction} className="form" style={{ maxWidth: "26rem" }} aria-label="Neues Passwort festlegen">
      <FormMessage result={state} />
      {state?.code === "gone" ? (
        <p>
          <a href="/login/reset">Neuen Link anfordern</a>
        </p>
      ) : null}
      <input type="hidden" name="token" value={token} />
      <FormField id="reset-password" label="Neues Passwort" issue={issue("password")} hint={`Mindestens ${minPasswordLength} Zeichen. Passwörter, die aus Datenlecks bekannt sind, werden abgelehnt.`}>
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
      </FormField>
      <FormField id="reset-password-repeat" label="Neues Passwort wiederholen" issue={issue("newPasswordRepeat")}>
        <input
          id="reset-password-repeat"
          name="newPasswordRepeat"
          type="password"
          autoComplete="new-password"
          required
          minLength={minPasswordLength}
          {...describedBy("reset-password-repeat", issue("newPasswordRepeat"))}
        />
      </FormField>
      <p className="hint">Mit dem neuen Passwort werden alle Geräte abgemeldet, auch dieses. Ihre API-Tokens bleiben gültig.</p>
      <div className="button-row">
        <button type="submit" className="button" disabled={pending}>
          {pending ? "Wird gespeichert …" : "Passwort speichern"}
        </button>
      </div>
    </form>
  );
}
