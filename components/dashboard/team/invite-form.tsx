"use client";

import { useActionState, useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/core/forms/action-result";

export interface InviteFormState extends ActionResult {
  values?: { email: string; role: string };
}

interface RoleChoice {
  role: string;
  label: string;
  /** One sentence of what the role may (from the ability matrix). */
  explanation: string;
}

/** Invite by address with a role; every role is explained where it is chosen. */
export function InviteForm({
  action,
  roles,
}: {
  action: (prev: InviteFormState | null, form: FormData) => Promise<InviteFormState>;
  roles: RoleChoice[];
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const formRef = useRef<HTMLFormElement>(null);
  // A sent invitation clears the form for the next colleague.
  useEffect(() => {
    if (state?.ok) formRef.current?.reset();
  }, [state]);
  const issue = (field: string) => state?.issues?.[field];
  const chosen = state?.ok ? "member" : (state?.values?.role ?? "member");
  return (
    <form ref={formRef} action={formAction} className="form" aria-label="Person einladen">
      <FormMessage result={state} />
      <Field
        id="invite-email"
        label="E-Mail-Adresse"
        hint="An diese Adresse geht ein Einladungslink; er gilt 7 Tage."
        issue={issue("email")}
      >
        <input
          id="invite-email"
          name="email"
          type="email"
          autoComplete="off"
          required
          maxLength={320}
          defaultValue={state?.ok ? "" : state?.values?.email}
          {...describedBy("invite-email", issue("email"), true)}
        />
      </Field>
      <fieldset className="fieldset" aria-describedby={issue("role") ? "invite-role-issue" : undefined}>
        <legend>Rolle</legend>
        <div className="choice-cards">
          {roles.map((r) => (
            <label key={r.role} className="choice-card">
              <input type="radio" name="role" value={r.role} defaultChecked={r.role === chosen} />
              <span>
                {r.label}
                <small>{r.explanation}</small>
              </span>
            </label>
          ))}
        </div>
        {issue("role") ? (
          <p className="issue" id="invite-role-issue">
            {issue("role")}
          </p>
        ) : null}
      </fieldset>
      <FormActions>
        <Button type="submit" disabled={pending}>
          {pending ? "Wird gesendet …" : "Einladung senden"}
        </Button>
      </FormActions>
    </form>
  );
}
