"use client";

import type { AuthenticationResponseJSON } from "@simplewebauthn/browser";
import { useActionState } from "react";
import { FormField } from "@/components/ui/form-field";
import { FormMessage } from "@/components/ui/form-message";
import type { PasskeyAuthenticationStart } from "@/lib/accounts/passkeys";
import type { ActionResult } from "@/lib/forms/action-result";
import { PasskeyConfirmButton } from "./passkey-confirm-button";

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
        <form action={codeAction} className="form" style={{ maxWidth: "26rem" }}>
          <FormMessage result={codeState} />
          <FormField id="admin-code" label="Code aus der Authenticator-App">
            <input id="admin-code" name="code" autoComplete="one-time-code" required maxLength={32} />
          </FormField>
          <div className="button-row">
            <button type="submit" className="button" disabled={codePending}>
              Mit Code bestätigen
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
