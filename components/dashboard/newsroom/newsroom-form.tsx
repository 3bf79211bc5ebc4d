"use client";

import { startTransition, useActionState, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field, shownIssue } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { ActionResult } from "@/lib/core/forms/action-result";
import {
  COUNTRIES,
  DESCRIPTION_MAX,
  NEWSROOM_FIELDS,
  validateNewsroomForm,
  type NewsroomField,
  type NewsroomFormValues,
} from "@/lib/domains/companies/profile/newsroom-fields";

const PORTALS = [
  { value: "business", label: "Pressdesk Business", hint: "Wirtschaft, Finanzen, Handel, Industrie, Dienstleistungen" },
  { value: "tech", label: "Pressdesk Tech", hint: "Software, Hardware, Forschung, Medizin- und Energietechnik" },
] as const;

interface Props {
  initial: NewsroomFormValues;
  /** Creating: the portal is chosen here, once. Editing: it is shown, not changed. */
  creating: boolean;
  readOnly?: boolean;
  submitLabel: string;
  action: (prev: ActionResult | null, values: NewsroomFormValues) => Promise<ActionResult | null>;
}

/** The newsroom profile: onboarding step 1 and the profile page. Rules as you type, the server decides. */
export function NewsroomForm({ initial, creating, readOnly = false, submitLabel, action }: Props) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<NewsroomField, boolean>>>({});
  const [sent, setSent] = useState<NewsroomFormValues | null>(null);
  const [result, dispatch, pending] = useActionState(action, null);
  const hydrated = useHydrated();
  const issues = validateNewsroomForm(values, creating);
  const issueOf = (field: NewsroomField) =>
    shownIssue(field, { touched, clientIssues: issues, values, sent, serverIssues: result?.issues });
  const bind = (field: NewsroomField, hasHint = false) => ({
    id: field,
    name: field,
    value: values[field],
    readOnly,
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value })),
    onBlur: () => setTouched((t) => ({ ...t, [field]: true })),
    ...describedBy(field, issueOf(field), hasHint),
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setTouched(Object.fromEntries(NEWSROOM_FIELDS.map((f) => [f, true])));
    if (Object.keys(issues).length) return;
    setSent(values);
    startTransition(() => dispatch(values));
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Newsroom-Profil">
      <FormMessage result={result} />
      <fieldset className="fieldset">
        <legend>Unternehmen</legend>
        <Field
          id="name"
          label="Name des Unternehmens"
          issue={issueOf("name")}
          hint="So erscheint der Newsroom auf dem Portal, z. B. „Müller Maschinenbau GmbH“."
        >
          <input {...bind("name", true)} type="text" autoComplete="organization" maxLength={120} />
        </Field>
        {creating ? (
          <div className="field" role="radiogroup" aria-labelledby="portal-label" {...describedBy("portal", issueOf("portal"))}>
            <span id="portal-label" className="label">
              Portal
            </span>
            <div className="choice-cards">
              {PORTALS.map((p) => (
                <label key={p.value} className="choice-card">
                  <input
                    type="radio"
                    name="portal"
                    value={p.value}
                    checked={values.portal === p.value}
                    onChange={() => {
                      setValues((v) => ({ ...v, portal: p.value }));
                      setTouched((t) => ({ ...t, portal: true }));
                    }}
                  />
                  <span>
                    <strong>{p.label}</strong>
                    <small>{p.hint}</small>
                  </span>
                </label>
              ))}
            </div>
            {issueOf("portal") ? (
              <p className="issue" id="portal-issue">
                {issueOf("portal")}
              </p>
            ) : null}
          </div>
        ) : (
          <p className="meta">
            Portal: {PORTALS.find((p) => p.value === values.portal)?.label ?? "beide Portale"} (bleibt, solange der Newsroom besteht)
          </p>
        )}
        <div className="form-grid">
          <Field id="email" label="E-Mail des Unternehmens" issue={issueOf("email")} hint="Die allgemeine Adresse, z. B. presse@firma.de.">
            <input {...bind("email", true)} type="email" autoComplete="email" maxLength={320} />
          </Field>
          <Field id="website" label="Website" issue={issueOf("website")} hint="Optional, z. B. www.firma.de.">
            <input {...bind("website", true)} type="text" inputMode="url" autoComplete="url" maxLength={300} />
          </Field>
        </div>
      </fieldset>
      <fieldset className="fieldset">
        <legend>Anschrift</legend>
        <Field id="addressStreet" label="Straße und Hausnummer" issue={issueOf("addressStreet")}>
          <input {...bind("addressStreet")} type="text" autoComplete="street-address" maxLength={120} />
        </Field>
        <div className="form-grid">
          <Field id="addressPostalCode" label="PLZ" issue={issueOf("addressPostalCode")}>
            <input {...bind("addressPostalCode")} type="text" autoComplete="postal-code" maxLength={12} />
          </Field>
          <Field id="addressCity" label="Ort" issue={issueOf("addressCity")}>
            <input {...bind("addressCity")} type="text" autoComplete="address-level2" maxLength={80} />
          </Field>
          <Field id="addressCountry" label="Land" issue={issueOf("addressCountry")}>
            <select {...bind("addressCountry")} disabled={readOnly} autoComplete="country">
              {COUNTRIES.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </fieldset>
      <fieldset className="fieldset">
        <legend>Kurzbeschreibung</legend>
        <p className="meta">
          Ein, zwei Sätze: was das Unternehmen tut. Sie stehen in der Newsroom-Liste und unter jeder Pressemitteilung. Deutsch, Englisch
          oder beides; die englische Ausgabe zeigt die englische Fassung.
        </p>
        <Field
          id="descriptionDe"
          label="Beschreibung (Deutsch)"
          issue={issueOf("descriptionDe")}
          hint={`${values.descriptionDe.trim().length} von ${DESCRIPTION_MAX} Zeichen`}
        >
          <textarea {...bind("descriptionDe", true)} rows={3} maxLength={DESCRIPTION_MAX + 200} lang="de" />
        </Field>
        <Field
          id="descriptionEn"
          label="Beschreibung (Englisch)"
          issue={issueOf("descriptionEn")}
          hint={`${values.descriptionEn.trim().length} von ${DESCRIPTION_MAX} Zeichen`}
        >
          <textarea {...bind("descriptionEn", true)} rows={3} maxLength={DESCRIPTION_MAX + 200} lang="en" />
        </Field>
      </fieldset>
      {readOnly ? null : (
        <FormActions>
          <Button type="submit" disabled={!hydrated || pending}>
            {submitLabel}
          </Button>
          {pending ? (
            <span className="meta" role="status">
              Wird gespeichert …
            </span>
          ) : null}
        </FormActions>
      )}
    </form>
  );
}
