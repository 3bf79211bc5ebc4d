"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import { Notice } from "@/components/ui/notice";
import type { ActionResult } from "@/lib/core/forms/action-result";

export interface NoticeContract {
  id: number;
  label: string;
}

export interface NoticeState extends ActionResult {
  receipt?: { contract: string; receivedAt: string; endsAt: string };
}

const TEXT = {
  cancellation: {
    legend: "Welchen Vertrag möchten Sie kündigen?",
    statement: "Grund (freiwillig)",
    submit: "Jetzt kündigen",
    done: "Ihre Kündigung ist eingegangen",
    effect: "„Jetzt kündigen“ beendet den gewählten Vertrag zum Ende seines Abrechnungszeitraums; bis dahin bleibt er nutzbar.",
  },
  withdrawal: {
    legend: "Welchen Vertrag widerrufen Sie?",
    statement: "Ihre Erklärung",
    submit: "Widerruf absenden",
    done: "Ihr Widerruf ist eingegangen",
    effect: "„Widerruf absenden“ beendet den gewählten Vertrag sofort; Kontingent und API-Zugang des Pakets enden damit.",
  },
} as const;

/** The form of "Verträge hier kündigen" and of the withdrawal: pick the contract, confirm, see the receipt. */
export function NoticeForm({
  kind,
  contracts,
  action,
  accountEmail,
}: {
  kind: "cancellation" | "withdrawal";
  contracts: NoticeContract[];
  action: (prev: NoticeState | null, form: FormData) => Promise<NoticeState>;
  accountEmail: string;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const t = TEXT[kind];
  if (state?.ok && state.receipt) {
    return (
      <Notice tone="success" role="status">
        <strong>{t.done}.</strong>
        <p>
          Vertrag: {state.receipt.contract}
          <br />
          Eingegangen am: {state.receipt.receivedAt}
          <br />
          {kind === "withdrawal" ? "Beendet mit sofortiger Wirkung." : `Der Vertrag endet am: ${state.receipt.endsAt}`}
        </p>
        <p>
          Eine Bestätigung mit Datum und Uhrzeit haben wir an {accountEmail} gesendet. Sie können diese Seite speichern oder ausdrucken.
        </p>
      </Notice>
    );
  }
  return (
    <form action={formAction} className="form">
      <FormMessage result={state} />
      <fieldset className="choice-group">
        <legend>{t.legend}</legend>
        {contracts.map((c, i) => (
          <label key={c.id} className="checkbox">
            <input type="radio" name="agreementId" value={c.id} defaultChecked={i === 0} required /> {c.label}
          </label>
        ))}
      </fieldset>
      <Field id="statement" label={t.statement}>
        <textarea
          id="statement"
          name="statement"
          rows={4}
          maxLength={1000}
          required={kind === "withdrawal"}
          defaultValue={kind === "withdrawal" ? "Hiermit widerrufe ich den von mir abgeschlossenen Vertrag." : ""}
        />
      </Field>
      <p className="hint">{t.effect}</p>
      <p className="hint">Die Bestätigung geht an Ihr Konto {accountEmail}.</p>
      <FormActions>
        <Button type="submit" variant="danger-quiet" disabled={pending}>
          {t.submit}
        </Button>
      </FormActions>
    </form>
  );
}
