"use client";

import { useActionState } from "react";
import { describedBy, FormField } from "@/components/ui/form-field";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/forms/action-result";

interface TokenFormState extends ActionResult {
  token?: string;
  values?: { name: string; expires: string };
}

// The domain's per-field wording is English; the form says it in German.
const ISSUES: Record<string, string> = {
  name: "Geben Sie dem Token einen Namen mit 1 bis 100 Zeichen.",
  expiresAt: "Das Ablaufdatum muss in der Zukunft und höchstens fünf Jahre entfernt liegen.",
};

/** Creates an API token after a password confirmation; shows the plain token exactly once. */
export function TokenCreateForm({ action, maxDate }: { action: (prev: TokenFormState | null, form: FormData) => Promise<TokenFormState>; maxDate: string }) {
  const [state, formAction, pending] = useActionState(action, null);
  const issue = (field: string) => (state?.issues?.[field] ? (field === "password" ? state.issues[field] : ISSUES[field] ?? state.issues[field]) : undefined);
  const attempt = JSON.stringify(state?.values ?? null);
  return (
    <>
      <FormMessage result={state} />
      {state?.token ? (
        <div className="panel">
          <p>
            <strong>Ihr neuer API-Token:</strong>
          </p>
          <p className="token-once" data-testid="new-token">
            {state.token}
          </p>
        </div>
      ) : null}
      <form action={formAction} className="form" key={attempt}>
        <div className="form-grid">
          <FormField id="token-name" label="Name" issue={issue("name")}>
            <input id="token-name" name="name" type="text" required maxLength={100} defaultValue={state?.values?.name ?? ""} {...describedBy("token-name", issue("name"))} />
          </FormField>
          <FormField id="token-expires" label="Gültig bis (optional)" issue={issue("expiresAt")} hint="Leer lassen für einen Token ohne Ablaufdatum.">
            <input id="token-expires" name="expires" type="date" max={maxDate} defaultValue={state?.values?.expires ?? ""} {...describedBy("token-expires", issue("expiresAt"), true)} />
          </FormField>
        </div>
        <FormField id="token-password" label="Ihr Passwort zur Bestätigung" issue={issue("password")}>
          <input id="token-password" name="password" type="password" autoComplete="current-password" required {...describedBy("token-password", issue("password"))} />
        </FormField>
        <div className="button-row">
          <button type="submit" className="button" disabled={pending}>
            Token erstellen
          </button>
        </div>
      </form>
    </>
  );
}
