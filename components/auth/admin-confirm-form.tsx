"use client";

import type { AuthenticationResponseJSON } from "@simplewebauthn/browser";
import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import type { PasskeyAuthenticationStart } from "@/lib/domains/accounts/passkeys";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { PasskeyConfirmButton } from "./passkey-confirm-button";
import styles from "./auth-form.module.css";

interface Props {
  hasPasskey: boolean;
  hasTotp: boolean;
  startPasskey: () => Promise<PasskeyAuthenticationStart | ActionResult>;
  confirmWithPasskey: (handle: string, response: AuthenticationResponseJSON) => Promise<ActionResult>;
  confirmWithCode: (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
}

/** The admin area's strong confirmation: a passkey of this account or a current app code. */
export function AdminConfirmForm({ hasPasskey, hasTotp, startPasskey, confirmWithPasskey, confirmWithCode }: Props) {
  const [codeState, codeAction, codePending] = useActionState(confirmWithCode, null);
  return (
    <div className="stack">
      {hasPasskey ? <PasskeyConfirmButton start={startPasskey} answer={confirmWithPasskey} /> : null}
      {hasTotp ? (
        <form action={codeAction} className={`form ${styles.narrow}`}>
          <FormMessage result={codeState} />
          <Field id="admin-code" label="Code aus der Authenticator-App">
            <input id="admin-code" name="code" autoComplete="one-time-code" required maxLength={32} />
          </Field>
          <FormActions>
            <Button type="submit" disabled={codePending}>
              Mit Code bestätigen
            </Button>
          </FormActions>
        </form>
      ) : null}
    </div>
  );
}
