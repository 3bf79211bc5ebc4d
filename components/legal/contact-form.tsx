"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import { CONTACT_TEXT_MIN } from "@/lib/domains/legal/contact/contact-limits";
import { INTAKE_LIMITS } from "@/lib/domains/legal/requests/file-fields";
import type { Edition } from "@/lib/domains/sites";
import { CONTACT_PAGE_COPY } from "./intake-copy";
import type { IntakeState } from "./intake-state";

/** Name, address, subject and message; the server checks again and answers under the fields. */
export function ContactForm({
  edition,
  action,
}: {
  edition: Edition;
  action: (prev: IntakeState | null, form: FormData) => Promise<IntakeState>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const t = CONTACT_PAGE_COPY[edition];
  if (state?.ok) return <FormMessage result={state} />;
  const v = state?.values ?? {};
  const issue = (name: string) => state?.issues?.[name];
  return (
    <form action={formAction} className="form">
      <FormMessage result={state} />
      <div className="form-grid">
        <Field id="ct-name" label={t.name} issue={issue("name")}>
          <input
            id="ct-name"
            name="name"
            type="text"
            autoComplete="name"
            required
            maxLength={INTAKE_LIMITS.name}
            defaultValue={v.name}
            {...describedBy("ct-name", issue("name"))}
          />
        </Field>
        <Field id="ct-email" label={t.email} hint={t.emailHint} issue={issue("email")}>
          <input
            id="ct-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={INTAKE_LIMITS.email}
            defaultValue={v.email}
            {...describedBy("ct-email", issue("email"), true)}
          />
        </Field>
      </div>
      <Field id="ct-subject" label={t.subject} issue={issue("subject")}>
        <input
          id="ct-subject"
          name="subject"
          type="text"
          required
          maxLength={INTAKE_LIMITS.subject}
          defaultValue={v.subject}
          {...describedBy("ct-subject", issue("subject"))}
        />
      </Field>
      <Field id="ct-body" label={t.body} issue={issue("body")}>
        <textarea
          id="ct-body"
          name="body"
          rows={9}
          required
          minLength={CONTACT_TEXT_MIN}
          maxLength={INTAKE_LIMITS.textMax}
          defaultValue={v.body}
          {...describedBy("ct-body", issue("body"))}
        />
      </Field>
      <p className="hint">
        {t.privacy.before} <a href={t.privacy.href}>{t.privacy.label}</a>.
      </p>
      <FormActions spacing="flush">
        <Button type="submit" disabled={pending}>
          {pending ? t.sending : t.submit}
        </Button>
      </FormActions>
    </form>
  );
}
