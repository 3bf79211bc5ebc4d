"use client";

import { startTransition, useActionState, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field, shownIssue } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { ActionResult } from "@/lib/core/forms/action-result";
import {
  BILLING_COUNTRIES,
  BILLING_TEXT_FIELDS,
  validateBillingAddressForm,
  type BillingAddressFormValues,
  type BillingTextField,
} from "@/lib/domains/billing/invoices/billing-address-fields";
import { decideInvoiceDelivery } from "@/lib/domains/billing/invoices/invoice-delivery";

interface Props {
  initial: BillingAddressFormValues;
  /** The account's sign-in address: it always receives invoice mails. */
  accountEmail: string;
  action: (prev: ActionResult | null, values: BillingAddressFormValues) => Promise<ActionResult | null>;
}

/** Billing address and invoice delivery (spec 4.6): rules as you type, the server decides; a preview says who gets what. */
export function InvoiceDeliveryForm({ initial, accountEmail, action }: Props) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<BillingTextField, boolean>>>({});
  const [sent, setSent] = useState<BillingAddressFormValues | null>(null);
  const [result, dispatch, pending] = useActionState(action, null);
  const hydrated = useHydrated();
  const issues = validateBillingAddressForm(values);
  const issueOf = (field: BillingTextField) =>
    shownIssue(field, { touched, clientIssues: issues, values, sent, serverIssues: result?.issues });
  const bind = (field: BillingTextField, hasHint = false) => ({
    id: field,
    name: field,
    value: values[field],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value })),
    onBlur: () => setTouched((t) => ({ ...t, [field]: true })),
    ...describedBy(field, issueOf(field), hasHint),
  });
  const check = (field: "sendPdfToAccountEmail" | "sendPdfToInvoiceEmail") => ({
    id: field,
    name: field,
    type: "checkbox" as const,
    checked: values[field],
    onChange: (e: { target: { checked: boolean } }) => setValues((v) => ({ ...v, [field]: e.target.checked })),
    "aria-describedby": `${field}-hint`,
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setTouched(Object.fromEntries(BILLING_TEXT_FIELDS.map((f) => [f, true])));
    if (Object.keys(issues).length) return;
    setSent(values);
    startTransition(() => dispatch(values));
  }

  const invoiceEmail = issues.invoiceEmail ? "" : values.invoiceEmail.trim();
  const plan = decideInvoiceDelivery(accountEmail, { ...values, invoiceEmail: invoiceEmail || null });
  const sameAsAccount = !!invoiceEmail && plan.length === 1;

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Rechnungsadresse und Rechnungsversand">
      <FormMessage result={result} />
      <fieldset className="fieldset">
        <legend>Rechnungsadresse</legend>
        <p className="meta">So steht es auf Ihren Rechnungen. Bereits ausgestellte Rechnungen behalten die Adresse, an die sie gingen.</p>
        <Field id="name" label="Name" issue={issueOf("name")} hint="Die Person oder Stelle, an die die Rechnung gerichtet ist.">
          <input {...bind("name", true)} type="text" autoComplete="name" maxLength={120} />
        </Field>
        <Field id="company" label="Firma (optional)" issue={issueOf("company")}>
          <input {...bind("company")} type="text" autoComplete="organization" maxLength={160} />
        </Field>
        <Field id="street" label="Straße und Hausnummer" issue={issueOf("street")}>
          <input {...bind("street")} type="text" autoComplete="street-address" maxLength={120} />
        </Field>
        <div className="form-grid">
          <Field id="postalCode" label="PLZ" issue={issueOf("postalCode")}>
            <input {...bind("postalCode")} type="text" autoComplete="postal-code" maxLength={12} />
          </Field>
          <Field id="city" label="Ort" issue={issueOf("city")}>
            <input {...bind("city")} type="text" autoComplete="address-level2" maxLength={80} />
          </Field>
          <Field id="country" label="Land" issue={issueOf("country")}>
            <select {...bind("country")} autoComplete="country">
              {BILLING_COUNTRIES.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field
          id="vatId"
          label="USt-IdNr. (optional)"
          issue={issueOf("vatId")}
          hint="Für Unternehmen, z. B. DE und neun Ziffern. Sie erscheint auf der Rechnung."
        >
          <input {...bind("vatId", true)} type="text" autoComplete="off" maxLength={24} spellCheck={false} />
        </Field>
      </fieldset>

      <fieldset className="fieldset">
        <legend>Rechnungsversand</legend>
        <div>
          <label className="checkbox">
            <input {...check("sendPdfToAccountEmail")} /> Rechnungen als PDF an die Konto-E-Mail senden
          </label>
          <p className="hint" id="sendPdfToAccountEmail-hint">
            An {accountEmail} geht immer eine E-Mail. Ohne Haken enthält sie kein PDF; die Rechnung finden Sie dann im Kundenbereich.
          </p>
        </div>
        <Field
          id="invoiceEmail"
          label="Separate Rechnungs-E-Mail (optional)"
          issue={issueOf("invoiceEmail")}
          hint="Zum Beispiel die Buchhaltung. Sie erhält jede Rechnung und Zahlungserinnerung in einer eigenen E-Mail, die Ihr Konto nennt und keinen Anmeldelink enthält."
        >
          <input {...bind("invoiceEmail", true)} type="email" autoComplete="email" maxLength={320} spellCheck={false} />
        </Field>
        <div>
          <label className="checkbox">
            <input {...check("sendPdfToInvoiceEmail")} /> Rechnungen als PDF an diese Adresse senden
          </label>
          <p className="hint" id="sendPdfToInvoiceEmail-hint">
            Gilt nur, wenn oben eine separate Rechnungs-E-Mail steht.
          </p>
        </div>
        <div className="panel" aria-live="polite">
          <p>
            <strong>So versenden wir Ihre Rechnungen</strong>
          </p>
          <ul>
            {plan.map((r) => (
              <li key={r.to ?? "account"}>
                {r.withPdf ? "E-Mail mit PDF" : "E-Mail ohne PDF (Hinweis auf den Kundenbereich)"} an {r.to ?? accountEmail}
                {r.to ? " (nennt Ihr Konto, ohne Anmeldelink)" : ""}
              </li>
            ))}
          </ul>
          {sameAsAccount ? (
            <p className="meta">Die Rechnungs-E-Mail ist Ihre Konto-E-Mail: Sie erhalten eine E-Mail, immer mit PDF.</p>
          ) : null}
        </div>
      </fieldset>

      <FormActions>
        <Button type="submit" disabled={!hydrated || pending}>
          Speichern
        </Button>
        {pending ? (
          <span className="meta" role="status">
            Wird gespeichert …
          </span>
        ) : null}
      </FormActions>
    </form>
  );
}
