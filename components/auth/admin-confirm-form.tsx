"use client";

import { startAuthentication } from "@simplewebauthn/browser";
import type { AuthenticationResponseJSON } from "@simplewebauthn/browser";
import { useActionState, useState } from "react";
import { FormField } from "@/components/ui/form-field";
import { FormMessage } from "@/components/ui/form-message";
import type { PasskeyAuthenticationStart } from "@/lib/accounts/passkeys";
import type { ActionResult } from "@/lib/forms/action-result";

interface Props {
  hasPasskey: boolean;
  hasTotp: boolean;
  startPasskey: () => Promise<PasskeyAuthenticationStart | { error: string }>;
  confirmWithPasskey: (handle: string, response: AuthenticationResponseJSON) => Promise<ActionResult>;
  confirmWithCode: (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
}

/** The admin area's strong confirmation: a passkey of this account or a current app code. */
export function AdminConfirmForm({ hasPasskey, hasTotp, startPasskey, confirmWithPasskey, confirmWithCode }: Props) {
  const [codeState, codeAction, codePending] = useActionState(confirmWithCode, null);
  const [passkeyMessage, setPasskeyMessage] = useState<string | null>(null);
  async function withPasskey() {
    setPasskeyMessage(null);
    try {
      const start = await startPasskey();
      if ("error" in start) return setPasskeyMessage(start.error);
      const response = await startAuthentication({ optionsJSON: start.options });
      const result = await confirmWithPasskey(start.handle, response);
      if (result?.message) setPasskeyMessage(result.message);
    } catch {
      setPasskeyMessage("Die Bestätigung mit Passkey wurde abgebrochen oder ist fehlgeschlagen.");
    }
  }
  return (
    <div className="stack">
      {hasPasskey ? (
        <div>
          <FormMessage result={passkeyMessage ? { ok: false, message: passkeyMessage } : null} />
          <button type="button" className="button" onClick={withPasskey}>
            Mit Passkey bestätigen
          </button>
        </div>
      ) : null}
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
