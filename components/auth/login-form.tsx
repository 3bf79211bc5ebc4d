"use client";

import { startAuthentication } from "@simplewebauthn/browser";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useActionState, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import type { PasskeyAuthenticationStart } from "@/lib/domains/accounts/passkeys";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { loginMessage } from "./login-messages";
import styles from "./auth-form.module.css";

interface Props {
  /** An ActionResult instead of options when this client started too many sign-ins. */
  startPasskeySignIn: () => Promise<PasskeyAuthenticationStart | ActionResult>;
  requestLoginLink: (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
  thirdParty: { id: string; name: string } | null;
  initialError?: string | null;
  notice?: string | null;
}

/** Every way in: password, passkey, login link and (when configured) the third-party provider. */
export function LoginForm({ startPasskeySignIn, requestLoginLink, thirdParty, initialError, notice }: Props) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(initialError ? loginMessage(initialError) : null);
  const [pending, setPending] = useState(false);
  const [linkState, linkAction, linkPending] = useActionState(requestLoginLink, null);

  async function finish(result: Awaited<ReturnType<typeof signIn>>) {
    if (result?.ok && !result.error) {
      // The dashboard sends a session that still needs its second factor on to the challenge.
      router.replace("/login/continue");
      router.refresh();
      return;
    }
    setError(loginMessage(result?.error ?? "refused"));
    setPending(false);
  }

  async function withPassword(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setPending(true);
    setError(null);
    const form = new FormData(e.currentTarget);
    await finish(
      await signIn("password", { redirect: false, email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") }),
    );
  }

  async function withPasskey() {
    setPending(true);
    setError(null);
    try {
      const started = await startPasskeySignIn();
      if (!("handle" in started)) {
        setError(started.message ?? "Die Anmeldung mit Passkey ist fehlgeschlagen.");
        setPending(false);
        return;
      }
      const { handle, options } = started;
      const response = await startAuthentication({ optionsJSON: options });
      await finish(await signIn("passkey", { redirect: false, handle, response: JSON.stringify(response) }));
    } catch {
      setError("Die Anmeldung mit Passkey wurde abgebrochen oder ist fehlgeschlagen.");
      setPending(false);
    }
  }

  return (
    <div className="stack">
      <FormMessage result={notice ? { ok: true, message: loginMessage(notice) } : null} />
      <form onSubmit={withPassword} className={`form ${styles.narrow}`} aria-label="Mit Passwort anmelden">
        <FormMessage result={error ? { ok: false, message: error } : null} />
        <Field id="email" label="E-Mail-Adresse">
          <input id="email" name="email" type="email" autoComplete="username webauthn" required />
        </Field>
        <Field id="password" label="Passwort" hint={<a href="/login/reset">Passwort vergessen?</a>}>
          <input id="password" name="password" type="password" autoComplete="current-password" required />
        </Field>
        <FormActions>
          <Button type="submit" disabled={pending}>
            {pending ? "Anmeldung läuft …" : "Anmelden"}
          </Button>
          <Button type="button" variant="secondary" onClick={withPasskey} disabled={pending}>
            Mit Passkey anmelden
          </Button>
          {thirdParty ? (
            <Button
              type="button"
              variant="secondary"
              onClick={() => signIn(thirdParty.id, { callbackUrl: "/login/continue" })}
              disabled={pending}
            >
              Mit {thirdParty.name} anmelden
            </Button>
          ) : null}
        </FormActions>
      </form>
      <form action={linkAction} className={`form ${styles.narrow}`} aria-label="Anmeldelink anfordern">
        <h2>Ohne Passwort: Anmeldelink per E-Mail</h2>
        <FormMessage result={linkState} />
        <Field id="link-email" label="E-Mail-Adresse für den Link">
          <input id="link-email" name="email" type="email" autoComplete="email" required />
        </Field>
        <FormActions>
          <Button type="submit" variant="secondary" disabled={linkPending}>
            Anmeldelink senden
          </Button>
        </FormActions>
      </form>
    </div>
  );
}
