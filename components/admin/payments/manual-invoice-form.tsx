"use client";

import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import { useFieldForm } from "@/components/ui/use-field-form";
import type { ActionResult } from "@/lib/core/forms/action-result";
import styles from "./payments.module.css";

interface Props {
  action: (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
  /** How many line rows the form offers. */
  lineCount: number;
  defaultPeriod: { start: string; end: string };
  vatHint: string;
}

/**
 * Issues a MAN invoice to an existing account. The fields keep what was typed when the server
 * refuses (the form is not reset); each refusal stands under its field.
 */
export function ManualInvoiceForm({ action, lineCount, defaultPeriod, vatHint }: Props) {
  const { result, issue, onSubmit, canSubmit } = useFieldForm(action);

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Manuelle Rechnung ausstellen">
      <FormMessage result={result} />
      <Field
        id="customerEmail"
        label="E-Mail-Adresse des Kundenkontos"
        issue={issue("customerEmail")}
        hint="Die Adresse, mit der sich die Kundin oder der Kunde anmeldet. Die Rechnungsadresse kommt aus dem Konto."
      >
        <input
          id="customerEmail"
          name="customerEmail"
          type="email"
          autoComplete="off"
          maxLength={320}
          required
          {...describedBy("customerEmail", issue("customerEmail"), true)}
        />
      </Field>
      <fieldset className="fieldset">
        <legend>Leistungszeitraum</legend>
        <div className="form-grid">
          <Field id="periodStart" label="Erster Tag" issue={issue("periodStart")}>
            <input
              id="periodStart"
              name="periodStart"
              type="date"
              defaultValue={defaultPeriod.start}
              required
              {...describedBy("periodStart", issue("periodStart"))}
            />
          </Field>
          <Field id="periodEnd" label="Letzter Tag" issue={issue("periodEnd")}>
            <input
              id="periodEnd"
              name="periodEnd"
              type="date"
              defaultValue={defaultPeriod.end}
              required
              {...describedBy("periodEnd", issue("periodEnd"))}
            />
          </Field>
        </div>
      </fieldset>
      <fieldset className="fieldset">
        <legend>Positionen</legend>
        <p className="hint">{vatHint} Leere Zeilen werden nicht berechnet.</p>
        {issue("lines") ? <p className="issue">{issue("lines")}</p> : null}
        {Array.from({ length: lineCount }, (_, row) => {
          const f = (name: string) => `lines.${row}.${name}`;
          const id = (name: string) => `line-${row}-${name}`;
          return (
            <fieldset key={row} className={`fieldset ${styles.line}`}>
              <legend className="visually-hidden">Position {row + 1}</legend>
              <Field id={id("description")} label={`Position ${row + 1}: Beschreibung`} issue={issue(f("description"))}>
                <input
                  id={id("description")}
                  name={f("description")}
                  type="text"
                  maxLength={300}
                  required={row === 0}
                  {...describedBy(id("description"), issue(f("description")))}
                />
              </Field>
              <div className="form-grid">
                <Field id={id("quantity")} label={`Position ${row + 1}: Menge`} issue={issue(f("quantity"))}>
                  <input
                    id={id("quantity")}
                    name={f("quantity")}
                    type="text"
                    inputMode="decimal"
                    defaultValue="1"
                    maxLength={12}
                    {...describedBy(id("quantity"), issue(f("quantity")))}
                  />
                </Field>
                <Field id={id("unitPrice")} label={`Position ${row + 1}: Einzelpreis netto in Euro`} issue={issue(f("unitPrice"))}>
                  <input
                    id={id("unitPrice")}
                    name={f("unitPrice")}
                    type="text"
                    inputMode="decimal"
                    placeholder="0,00"
                    maxLength={20}
                    {...describedBy(id("unitPrice"), issue(f("unitPrice")))}
                  />
                </Field>
              </div>
            </fieldset>
          );
        })}
      </fieldset>
      <label className="checkbox" htmlFor="sendNow">
        <input id="sendNow" name="sendNow" type="checkbox" value="1" />
        Sofort senden (per E-Mail, wie in den Rechnungseinstellungen des Kontos festgelegt)
      </label>
      <FormActions>
        <Button type="submit" disabled={!canSubmit}>
          Rechnung ausstellen
        </Button>
      </FormActions>
    </form>
  );
}
