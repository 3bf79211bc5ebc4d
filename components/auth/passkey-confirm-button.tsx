"use client";

import { startAuthentication, type AuthenticationResponseJSON } from "@simplewebauthn/browser";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import type { PasskeyAuthenticationStart } from "@/lib/domains/accounts/passkeys";
import type { ActionResult } from "@/lib/core/forms/action-result";

interface Props {
  start: () => Promise<PasskeyAuthenticationStart | ActionResult>;
  answer: (handle: string, response: AuthenticationResponseJSON) => Promise<ActionResult>;
}

/** A confirmation with a passkey of the account: the second-factor challenge, the admin area's (the server redirects on success). */
export function PasskeyConfirmButton({ start, answer }: Props) {
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  async function withPasskey() {
    setPending(true);
    setMessage(null);
    try {
      const started = await start();
      if (!("handle" in started)) return setMessage(started.message ?? "Die Bestätigung mit Passkey ist fehlgeschlagen.");
      const result = await answer(started.handle, await startAuthentication({ optionsJSON: started.options }));
      if (result?.message) setMessage(result.message);
    } catch {
      setMessage("Die Bestätigung mit Passkey wurde abgebrochen oder ist fehlgeschlagen.");
    } finally {
      setPending(false);
    }
  }
  return (
    <div>
      <FormMessage result={message ? { ok: false, message } : null} />
      <Button type="button" onClick={withPasskey} disabled={pending}>
        Mit Passkey bestätigen
      </Button>
    </div>
  );
}
