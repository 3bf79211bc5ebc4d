"use client";

import { startAuthentication, type AuthenticationResponseJSON } from "@simplewebauthn/browser";
import { createContext, use, useMemo, useRef, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import type { ProofKind } from "@/lib/domains/accounts/identity-proof";
import type { ActionResult } from "@/lib/core/forms/action-result";
import type { PasskeyProofStart } from "./types";
import styles from "./security.module.css";

// The fresh identity proof (spec 5.3, 5.4) as form fields: the kinds the server accepts for the
// purpose, one chosen at a time, and the chosen proof as JSON in the hidden field `proof`
// (read on the server by readProof). The two ceremonies that need the server before the form
// is sent (mailing a code, the passkey challenge) come from IdentityProofProvider.

interface Ceremonies {
  sendEmailCode: () => Promise<ActionResult>;
  passkeyOptions: () => Promise<PasskeyProofStart>;
}

const CeremoniesContext = createContext<Ceremonies | null>(null);

/** Gives the proof fields below it the server actions for the e-mail code and the passkey challenge. */
export function IdentityProofProvider({ sendEmailCode, passkeyOptions, children }: Ceremonies & { children: ReactNode }) {
  const value = useMemo(() => ({ sendEmailCode, passkeyOptions }), [sendEmailCode, passkeyOptions]);
  return <CeremoniesContext value={value}>{children}</CeremoniesContext>;
}

/** The choice labels; distinct from the field labels below so each label names one control. */
const CHOICES: Record<ProofKind, string> = {
  password: "Mit Passwort",
  app_code: "Mit Authenticator-App",
  recovery_code: "Mit Wiederherstellungscode",
  email_code: "Mit E-Mail-Code",
  passkey: "Mit Passkey",
};

/** The typed secret of each kind (a passkey has none). */
const SECRET_FIELDS: Partial<Record<ProofKind, { label: string; hint?: string; input: InputHTMLAttributes<HTMLInputElement> }>> = {
  password: { label: "Ihr Passwort zur Bestätigung", input: { type: "password", autoComplete: "current-password", maxLength: 1024 } },
  app_code: { label: "Code aus der Authenticator-App", input: { inputMode: "numeric", autoComplete: "one-time-code", maxLength: 16 } },
  recovery_code: {
    label: "Ein unbenutzter Wiederherstellungscode",
    hint: "Der Code ist danach verbraucht.",
    input: { autoComplete: "off", spellCheck: false, maxLength: 64 },
  },
  email_code: { label: "Code aus der E-Mail", input: { inputMode: "numeric", autoComplete: "one-time-code", maxLength: 16 } },
};

interface Props {
  /** Prefix for element ids; unique on the page. */
  id: string;
  /** The accepted kinds for the purpose, in the server's order (the first is preselected). */
  kinds: ProofKind[];
  /** The session proved itself minutes ago: nothing to ask. */
  fresh?: boolean;
  /** The kind of the last attempt, to keep the choice after an answer. */
  initialKind?: ProofKind | undefined;
  /** The server's word on the last proof. */
  issue?: string | undefined;
}

/** Identity-proof fields for one form; see the module comment. */
export function IdentityProofFields({ id, kinds, fresh, initialKind, issue }: Props) {
  const ceremonies = use(CeremoniesContext);
  const [kind, setKind] = useState<ProofKind | undefined>(initialKind && kinds.includes(initialKind) ? initialKind : kinds[0]);
  const [secret, setSecret] = useState("");
  const [passkey, setPasskey] = useState<AuthenticationResponseJSON | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const passkeyButton = useRef<HTMLButtonElement>(null);

  if (fresh)
    return <p className="hint">Sie haben Ihre Identität vor wenigen Minuten bestätigt; eine weitere Bestätigung ist nicht nötig.</p>;
  if (!kind) {
    return (
      <Notice tone="warning" role="status">
        Für Ihr Konto gibt es hier keine Möglichkeit, Ihre Identität zu bestätigen.
      </Notice>
    );
  }

  function choose(next: ProofKind) {
    setKind(next);
    setSecret("");
    setPasskey(null);
    setNote(null);
  }

  async function sendCode() {
    if (!ceremonies) return;
    setBusy(true);
    setNote(null);
    try {
      const result = await ceremonies.sendEmailCode();
      setNote({ ok: result.ok, text: result.message ?? (result.ok ? "Code verschickt." : "Der Code konnte nicht verschickt werden.") });
    } catch {
      setNote({ ok: false, text: "Der Code konnte nicht verschickt werden. Bitte versuchen Sie es erneut." });
    } finally {
      setBusy(false);
    }
  }

  async function confirmWithPasskey() {
    if (!ceremonies) return;
    setBusy(true);
    setNote(null);
    try {
      const start = await ceremonies.passkeyOptions();
      if (!start.ok) {
        setNote({ ok: false, text: start.message });
        return;
      }
      const response = await startAuthentication({ optionsJSON: start.options });
      // The hidden field must hold the answer before the form is sent.
      flushSync(() => setPasskey(response));
      setNote({ ok: true, text: "Passkey bestätigt." });
      passkeyButton.current?.form?.requestSubmit();
    } catch {
      setNote({ ok: false, text: "Die Bestätigung mit Passkey wurde abgebrochen oder ist fehlgeschlagen." });
    } finally {
      setBusy(false);
    }
  }

  // An incomplete proof still names its kind: the server answers "missing" without spending an attempt.
  const proof =
    kind === "passkey"
      ? { kind, ...(passkey ? { response: passkey } : {}) }
      : kind === "password"
        ? { kind, password: secret }
        : { kind, code: secret };
  const fieldId = `${id}-${kind}`;
  const field = SECRET_FIELDS[kind];
  const noteLine = note ? (
    <p className={note.ok ? "hint" : "issue"} role={note.ok ? "status" : "alert"}>
      {note.text}
    </p>
  ) : null;

  return (
    <fieldset className={styles.proof}>
      <legend className={styles.proofLegend}>Identität bestätigen</legend>
      <input type="hidden" name="proof" value={JSON.stringify(proof)} />
      {kinds.length > 1 ? (
        <div role="radiogroup" aria-label="Bestätigen mit" className={styles.proofChoices}>
          {kinds.map((k) => (
            <label key={k} className={styles.proofChoice}>
              <input type="radio" name="proofKindChoice" value={k} checked={k === kind} onChange={() => choose(k)} />
              {CHOICES[k]}
            </label>
          ))}
        </div>
      ) : null}

      {kind === "email_code" ? (
        <div>
          <Button type="button" variant="secondary" onClick={sendCode} disabled={busy || !ceremonies}>
            Code per E-Mail senden
          </Button>
          {noteLine}
        </div>
      ) : null}
      {field ? (
        <Field id={fieldId} label={field.label} hint={field.hint} issue={issue}>
          <input
            id={fieldId}
            required
            {...field.input}
            value={secret}
            onChange={(e) => setSecret(e.target.value)}
            {...describedBy(fieldId, issue, !!field.hint)}
          />
        </Field>
      ) : null}

      {kind === "passkey" ? (
        <div>
          <Button ref={passkeyButton} type="button" variant="secondary" onClick={confirmWithPasskey} disabled={busy || !ceremonies}>
            Mit Passkey bestätigen
          </Button>
          {noteLine}
          {issue ? (
            <p className="issue" role="alert">
              {issue}
            </p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
