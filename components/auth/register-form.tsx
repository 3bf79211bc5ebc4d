"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/core/forms/action-result";
import type { LegalDocument } from "@/lib/domains/legal-terms/documents";
import { AcceptTermsField } from "./accept-terms-field";
import styles from "./auth-form.module.css";

interface RegisterState extends ActionResult {
  values?: { name: string; email: string };
}

interface Props {
  action: (prev: RegisterState, form: FormData) => Promise<RegisterState>;
  documents: readonly LegalDocument[];
  minPasswordLength: number;
  /** Preset by an invitation link: the invited address. */
  defaultEmail?: string;
  /** The invitation's token, carried so the confirmation joins the newsroom. */
  invitation?: string;
}

export function RegisterForm({ action, documents, minPasswordLength, defaultEmail, invitation }: Props) {
  const [state, formAction, pending] = useActionState(action, { ok: false });
  if (state.ok) return <FormMessage result={state} />;
  const issue = (field: string) => state.issues?.[field];
  return (
    <form action={formAction} className={`form ${styles.medium}`}>
      <FormMessage result={state} />
      {invitation ? <input type="hidden" name="invitation" value={invitation} /> : null}
      <Field id="name" label="Ihr Name" issue={issue("name")}>
        <input
          id="name"
          name="name"
          autoComplete="name"
          required
          defaultValue={state.values?.name}
          {...describedBy("name", issue("name"))}
        />
      </Field>
      <Field id="email" label="E-Mail-Adresse" issue={issue("email")}>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={state.values?.email ?? defaultEmail}
          {...describedBy("email", issue("email"))}
        />
      </Field>
      <Field id="password" label={`Passwort (mindestens ${minPasswordLength} Zeichen)`} issue={issue("password")}>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={minPasswordLength}
          {...describedBy("password", issue("password"))}
        />
      </Field>
      <AcceptTermsField documents={documents} issue={issue("acceptTerms")} />
      <FormActions>
        <Button type="submit" disabled={pending}>
          Konto anlegen
        </Button>
      </FormActions>
    </form>
  );
}
