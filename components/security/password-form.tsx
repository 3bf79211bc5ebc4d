"use client";

import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import type { ProofKind } from "@/lib/domains/accounts/identity-proof";
import { IdentityProofFields } from "./identity-proof-fields";
import type { FormAction, ProofFormState } from "./types";
import { useFormAction } from "./use-form-action";
import styles from "./security.module.css";

/**
 * Change the password; a legacy login-link account (no password yet) sets its first one, after
 * confirming who it is another way: a first password is a new way in.
 */
export function PasswordForm({
  hasPassword,
  proofKinds,
  fresh,
  action,
}: {
  hasPassword: boolean;
  proofKinds: ProofKind[];
  fresh: boolean;
  action: FormAction<ProofFormState>;
}) {
  const [state, formAction, pending] = useFormAction(action);
  const issue = (field: string) => state?.issues?.[field];
  const label = hasPassword ? "Passwort ändern" : "Passwort festlegen";
  return (
    <form action={formAction} className={`form ${styles.narrow}`} aria-label={label} key={state?.attempt ?? 0}>
      <FormMessage result={state} />
      {hasPassword ? (
        <Field id="password-current" label="Aktuelles Passwort" issue={issue("currentPassword")}>
          <input
            id="password-current"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            maxLength={1024}
            {...describedBy("password-current", issue("currentPassword"))}
          />
        </Field>
      ) : (
        <>
          <p className="hint">
            Ihr Konto hat noch kein Passwort; bisher melden Sie sich per Anmeldelink an. Bestätigen Sie zuerst, dass Sie es sind.
          </p>
          <IdentityProofFields
            id="password-first-proof"
            kinds={proofKinds}
            fresh={fresh && state?.code !== "identity_proof_required"}
            initialKind={state?.proofKind}
            issue={state?.issues?.proof}
          />
        </>
      )}
      <Field
        id="password-new"
        label="Neues Passwort"
        issue={issue("password")}
        hint="Mindestens 12 Zeichen. Passwörter, die aus Datenlecks bekannt sind, werden abgelehnt."
      >
        <input
          id="password-new"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          {...describedBy("password-new", issue("password"), true)}
        />
      </Field>
      <Field id="password-repeat" label="Wiederholung des neuen Passworts" issue={issue("newPasswordRepeat")}>
        <input
          id="password-repeat"
          name="newPasswordRepeat"
          type="password"
          autoComplete="new-password"
          required
          {...describedBy("password-repeat", issue("newPasswordRepeat"))}
        />
      </Field>
      <p className="hint">
        Nach der Änderung werden alle anderen Geräte abgemeldet; dieses bleibt angemeldet. Ihre API-Tokens bleiben gültig.
      </p>
      <FormActions>
        <Button type="submit" disabled={pending}>
          {label}
        </Button>
      </FormActions>
    </form>
  );
}
