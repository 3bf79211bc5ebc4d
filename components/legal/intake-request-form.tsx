"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import { INTAKE_LIMITS } from "@/lib/domains/legal/requests/file-fields";
import { PUBLIC_KIND_HINTS, TRACK_LABELS } from "@/lib/domains/legal-terms/request-labels";
import type { Edition } from "@/lib/domains/sites";
import { LEGAL_PAGE_COPY } from "./intake-copy";
import type { IntakeState } from "./intake-state";

const KINDS = ["report", "personal_rights", "dsgvo"] as const;

/**
 * The legal page's fallback form for everyone without an account: the three kinds the public may
 * file (spec 4.4), who they are, the page concerned and what is wrong. The server checks every
 * field again; its answers appear under the fields, the values stay.
 */
export function IntakeRequestForm({
  edition,
  portalOrigin,
  action,
}: {
  edition: Edition;
  portalOrigin: string;
  action: (prev: IntakeState | null, form: FormData) => Promise<IntakeState>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const t = LEGAL_PAGE_COPY[edition];
  if (state?.ok) return <FormMessage result={state} />;
  const v = state?.values ?? {};
  const issue = (name: string) => state?.issues?.[name];
  return (
    <form action={formAction} className="form">
      <FormMessage result={state} />
      {/* Radios have no Field: the group names its issue the way Field does (describedBy). */}
      <fieldset className="choice-group intake-kinds" {...describedBy("lr-kind", issue("kind"))}>
        <legend>{t.kind}</legend>
        <div className="choice-cards">
          {KINDS.map((kind) => (
            <label key={kind} className="choice-card">
              <input type="radio" name="kind" value={kind} required defaultChecked={(v.kind || "report") === kind} />
              <span>
                {TRACK_LABELS[edition][kind]}
                <small>{PUBLIC_KIND_HINTS[edition][kind]}</small>
              </span>
            </label>
          ))}
        </div>
        {issue("kind") ? (
          <p className="issue" id="lr-kind-issue">
            {issue("kind")}
          </p>
        ) : null}
      </fieldset>
      <div className="form-grid">
        <Field id="lr-name" label={t.name} issue={issue("name")}>
          <input
            id="lr-name"
            name="name"
            type="text"
            autoComplete="name"
            required
            maxLength={INTAKE_LIMITS.name}
            defaultValue={v.name}
            {...describedBy("lr-name", issue("name"))}
          />
        </Field>
        <Field id="lr-email" label={t.emailField} hint={t.emailHint} issue={issue("email")}>
          <input
            id="lr-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={INTAKE_LIMITS.email}
            defaultValue={v.email}
            {...describedBy("lr-email", issue("email"), true)}
          />
        </Field>
      </div>
      <Field id="lr-url" label={t.url} hint={t.urlHint(portalOrigin)} issue={issue("subjectUrl")}>
        <input
          id="lr-url"
          name="subjectUrl"
          type="url"
          inputMode="url"
          maxLength={INTAKE_LIMITS.url}
          defaultValue={v.subjectUrl}
          {...describedBy("lr-url", issue("subjectUrl"), true)}
        />
      </Field>
      <Field id="lr-body" label={t.body} hint={t.bodyHint} issue={issue("body")}>
        <textarea
          id="lr-body"
          name="body"
          rows={9}
          required
          minLength={INTAKE_LIMITS.textMin}
          maxLength={INTAKE_LIMITS.textMax}
          defaultValue={v.body}
          {...describedBy("lr-body", issue("body"), true)}
        />
      </Field>
      <p className="hint">
        {t.privacy.before} <a href={t.privacy.href}>{t.privacy.label}</a>.
      </p>
      <FormActions spacing="flush">
        <Button type="submit" disabled={pending}>
          {pending ? LEGAL_PAGE_COPY[edition].sending : t.submit}
        </Button>
      </FormActions>
    </form>
  );
}
