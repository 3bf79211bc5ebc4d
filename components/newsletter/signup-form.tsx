"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { EDITIONS, PORTALS, SITE_NAMES, type Edition } from "@/lib/domains/sites";
import { SIGNUP_COPY } from "./copy";
import styles from "./newsletter.module.css";

export interface SignupState extends ActionResult {
  values?: { email: string; language: Edition; portals: string[] };
}

/** E-mail, language, portals and the consent text; after sending, the same answer for any address. */
export function NewsletterSignupForm({
  edition,
  action,
}: {
  edition: Edition;
  action: (prev: SignupState | null, form: FormData) => Promise<SignupState>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const t = SIGNUP_COPY[edition];
  if (state?.ok) return <FormMessage result={state} />;
  const values = state?.values;
  const issue = state?.issues?.["email"];
  return (
    <form action={formAction} className={`form ${styles.signup}`} aria-label={t.title}>
      <FormMessage result={state} />
      <Field id="nl-email" label={t.email} issue={issue}>
        <input
          id="nl-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={320}
          defaultValue={values?.email}
          {...describedBy("nl-email", issue)}
        />
      </Field>
      <fieldset className={styles.choices}>
        <legend>{t.language}</legend>
        {EDITIONS.map((l) => (
          <label key={l}>
            <input type="radio" name="language" value={l} defaultChecked={(values?.language ?? edition) === l} />
            {t.languages[l]}
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.choices}>
        <legend>{t.portals}</legend>
        {PORTALS.map((p) => (
          <label key={p}>
            <input type="checkbox" name={`portal-${p}`} value="1" defaultChecked={values?.portals.includes(p)} />
            {SITE_NAMES[p]}
          </label>
        ))}
        <p className="hint">{t.portalsHint}</p>
      </fieldset>
      <p className={styles.consent}>
        {t.consent} <a href={t.privacy.href}>{t.privacy.label}</a>
      </p>
      <FormActions spacing="flush">
        <Button type="submit" disabled={pending}>
          {pending ? t.sending : t.submit}
        </Button>
      </FormActions>
    </form>
  );
}
