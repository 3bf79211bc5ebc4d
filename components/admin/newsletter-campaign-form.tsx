"use client";

import { useActionState, useEffect, useState, useTransition } from "react";
import { AUDIENCE_LABELS, LANGUAGE_LABELS, PORTAL_LABELS, recipientsLabel } from "@/components/newsletter/labels";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { AUDIENCES, SUBJECT_MAX, type RecipientFilter } from "@/lib/domains/newsletter/schemas";
import { EDITIONS, PORTALS } from "@/lib/domains/sites";
import { NewsletterEditor } from "./newsletter-editor";
import styles from "@/components/newsletter/newsletter.module.css";

export interface CampaignFormValues {
  subject: string;
  bodyHtml: string;
  filter: RecipientFilter;
}

interface Props {
  initial: CampaignFormValues;
  initialCount: number;
  save: (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
  countRecipients: (filter: RecipientFilter) => Promise<number>;
  submitLabel: string;
}

/** Subject, text and recipient filter of a draft, with the number of recipients the filter selects right now. */
export function NewsletterCampaignForm({ initial, initialCount, save, countRecipients, submitLabel }: Props) {
  const [result, action, saving] = useActionState(save, null);
  const [filter, setFilter] = useState<RecipientFilter>(initial.filter);
  const [count, setCount] = useState(initialCount);
  const [counting, startCounting] = useTransition();
  const issue = (field: string) => result?.issues?.[field];

  useEffect(() => {
    let current = true;
    startCounting(async () => {
      const n = await countRecipients(filter);
      if (current) setCount(n);
    });
    return () => {
      current = false;
    };
  }, [filter, countRecipients]);

  const togglePortal = (portal: RecipientFilter["portals"][number], on: boolean) =>
    setFilter((f) => ({ ...f, portals: on ? [...new Set([...f.portals, portal])].sort() : f.portals.filter((p) => p !== portal) }));

  return (
    <form action={action} className={styles.layout} aria-label="Newsletter bearbeiten">
      <div className={`form ${styles.main}`}>
        <FormMessage result={result} />
        <Field id="nl-subject" label="Betreff" issue={issue("subject")} hint={`Höchstens ${SUBJECT_MAX} Zeichen.`}>
          <input
            id="nl-subject"
            name="subject"
            defaultValue={initial.subject}
            maxLength={SUBJECT_MAX}
            required
            {...describedBy("nl-subject", issue("subject"), true)}
          />
        </Field>
        <div className="field">
          {/* Names the editor (aria-labelledby); the editor is no form control a label could point at. */}
          <label id="nl-body-label">Text</label>
          <NewsletterEditor name="bodyHtml" initialHtml={initial.bodyHtml} labelId="nl-body-label" describedBy="nl-body-hint" />
          <p className="hint" id="nl-body-hint">
            Fett, kursiv, Listen und Links. Der Abmeldelink steht automatisch unter jedem Newsletter.
          </p>
          {issue("bodyHtml") ? <p className="issue">{issue("bodyHtml")}</p> : null}
        </div>
        <FormActions>
          <Button type="submit" disabled={saving}>
            {saving ? "Wird gespeichert …" : submitLabel}
          </Button>
        </FormActions>
      </div>
      <aside className={styles.aside}>
        <section className={styles.box} aria-labelledby="nl-filter-title">
          <h2 id="nl-filter-title">Empfänger</h2>
          <div className="form">
            <Field id="nl-language" label="Sprache der Abonnenten">
              <select
                id="nl-language"
                name="language"
                value={filter.language}
                onChange={(e) => setFilter((f) => ({ ...f, language: e.target.value as RecipientFilter["language"] }))}
              >
                {(["all", ...EDITIONS] as const).map((l) => (
                  <option key={l} value={l}>
                    {LANGUAGE_LABELS[l]}
                  </option>
                ))}
              </select>
            </Field>
            <fieldset className={styles.choices}>
              <legend>Interesse an Portalen</legend>
              {PORTALS.map((p) => (
                <label key={p}>
                  <input
                    type="checkbox"
                    name={`portal-${p}`}
                    value="1"
                    checked={filter.portals.includes(p)}
                    onChange={(e) => togglePortal(p, e.target.checked)}
                  />
                  {PORTAL_LABELS[p]}
                </label>
              ))}
              <p className="hint">Nichts gewählt: alle. Wer bei der Anmeldung kein Portal gewählt hat, erhält jeden Newsletter.</p>
            </fieldset>
            <fieldset className={styles.choices}>
              <legend>Zielgruppe</legend>
              {AUDIENCES.map((a) => (
                <label key={a}>
                  <input
                    type="radio"
                    name="audience"
                    value={a}
                    checked={filter.audience === a}
                    onChange={() => setFilter((f) => ({ ...f, audience: a }))}
                  />
                  {AUDIENCE_LABELS[a]}
                </label>
              ))}
            </fieldset>
            {issue("filter") ? <p className="issue">{issue("filter")}</p> : null}
          </div>
        </section>
        <section className={styles.box} aria-live="polite" aria-busy={counting}>
          <p className={styles.count} data-testid="recipient-count">
            {recipientsLabel(count)}
          </p>
          <p className={styles.countLabel}>bestätigte Abonnenten passen zu diesem Filter{counting ? " (wird gezählt …)" : ""}.</p>
        </section>
      </aside>
    </form>
  );
}
