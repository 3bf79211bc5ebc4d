"use client";

import { useActionState } from "react";

interface LoginState {
  email: string;
  message?: string;
}

/** E-mail and password; works before hydration too (the action is a plain form post). */
export function LoginForm({ action }: { action: (prev: LoginState, formData: FormData) => Promise<LoginState> }) {
  const [state, formAction, pending] = useActionState(action, { email: "" });
  return (
    <form action={formAction} className="form" style={{ maxWidth: "26rem" }}>
      {state.message ? (
        <p className="form-message error" role="alert">
          {state.message}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor="email">E-Mail-Adresse</label>
        <input id="email" name="email" type="email" autoComplete="username" required defaultValue={state.email} key={`email-${state.message ?? ""}`} />
      </div>
      <div className="field">
        <label htmlFor="password">Passwort</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required />
      </div>
      <div className="button-row">
        <button type="submit" className="button" disabled={pending}>
          {pending ? "Anmeldung läuft …" : "Anmelden"}
        </button>
      </div>
    </form>
  );
}
