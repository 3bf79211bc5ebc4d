"use client";

import { startRegistration } from "@simplewebauthn/browser";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import type { ProofKind } from "@/lib/domains/accounts/identity-proof";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { IdentityProofFields } from "./identity-proof-fields";
import type { PasskeyRegistrationStart, ProofFormState } from "./types";
import styles from "./security.module.css";

interface Props {
  start: (prev: PasskeyRegistrationStart | null, form: FormData) => Promise<PasskeyRegistrationStart>;
  finish: (response: unknown, name: string) => Promise<ActionResult>;
  /** The proofs that may confirm adding a passkey; never the new passkey itself. */
  kinds: ProofKind[];
  /** The session proved itself minutes ago with one of them: nothing to ask. */
  fresh: boolean;
}

/**
 * Names and registers a new passkey: identity proof and server challenge, the browser's
 * ceremony, server check. A new passkey is a new way in, so it needs a way in the account
 * already has (spec 5.3); the account address is told afterwards.
 */
export function PasskeyAddForm({ start, finish, kinds, fresh }: Props) {
  const [result, setResult] = useState<ProofFormState | null>(null);
  const [pending, setPending] = useState(false);
  const [formKey, setFormKey] = useState(0);

  async function add(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const name = String(form.get("name") ?? "").trim();
    if (!name)
      return setResult({
        ok: false,
        message: "Bitte prüfen Sie die markierten Felder.",
        issues: { name: "Geben Sie dem Passkey einen Namen." },
      });
    setPending(true);
    setResult(null);
    try {
      const options = await start(null, form);
      if (!options.ok) {
        setResult(options);
        return setFormKey((k) => k + 1);
      }
      let response;
      try {
        response = await startRegistration({ optionsJSON: options.options });
      } catch (err) {
        const known = (err as { code?: string }).code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED";
        return setResult({
          ok: false,
          message: known
            ? "Dieser Passkey ist bereits für Ihr Konto registriert."
            : "Das Hinzufügen wurde abgebrochen oder ist fehlgeschlagen.",
        });
      }
      const outcome = await finish(response, name);
      setResult(outcome);
      if (outcome.ok) setFormKey((k) => k + 1);
    } catch {
      setResult({ ok: false, message: "Es ist ein unerwarteter Fehler aufgetreten. Bitte versuchen Sie es erneut." });
    } finally {
      setPending(false);
    }
  }

  const issue = result?.issues?.name;
  return (
    <form onSubmit={add} className={`form ${styles.narrow}`} aria-label="Passkey hinzufügen" key={formKey}>
      <FormMessage result={result} />
      <Field
        id="passkey-name"
        label="Name des Passkeys"
        issue={issue}
        hint="Zum Wiedererkennen, zum Beispiel „MacBook“ oder „Sicherheitsschlüssel“."
      >
        <input id="passkey-name" name="name" type="text" required maxLength={100} {...describedBy("passkey-name", issue, true)} />
      </Field>
      <IdentityProofFields
        id="passkey-add-proof"
        kinds={kinds}
        fresh={fresh && result?.code !== "identity_proof_required"}
        initialKind={result?.proofKind}
        issue={result?.issues?.proof}
      />
      <FormActions>
        <Button type="submit" disabled={pending}>
          Passkey hinzufügen
        </Button>
      </FormActions>
    </form>
  );
}
