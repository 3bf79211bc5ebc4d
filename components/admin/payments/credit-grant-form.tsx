"use client";

import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import { useFieldForm } from "@/components/ui/use-field-form";
import type { ActionResult } from "@/lib/core/forms/action-result";

interface Props {
  action: (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
  /** This form's one-time id: sent twice, it books once. */
  grantId: string;
  defaultNewsroom: string;
  maxCredits: number;
}

/** Grants credits to a newsroom. The fields keep what was typed when the server refuses. */
export function CreditGrantForm({ action, grantId, defaultNewsroom, maxCredits }: Props) {
  const { result, issue, onSubmit, canSubmit } = useFieldForm(action);

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Credits gutschreiben">
      <FormMessage result={result} />
      <input type="hidden" name="grantId" value={grantId} />
      <Field
        id="newsroom"
        label="Newsroom (Nummer oder Kurzbezeichnung)"
        issue={issue("newsroom")}
        hint="Die Nummer steht auf der Newsroom-Seite der Verwaltung, z. B. 123."
      >
        <input
          id="newsroom"
          name="newsroom"
          type="text"
          autoComplete="off"
          maxLength={130}
          defaultValue={defaultNewsroom}
          required
          {...describedBy("newsroom", issue("newsroom"), true)}
        />
      </Field>
      <Field id="credits" label="Credits" issue={issue("credits")} hint={`Eine ganze Zahl von 1 bis ${maxCredits}.`}>
        <input
          id="credits"
          name="credits"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          required
          {...describedBy("credits", issue("credits"), true)}
        />
      </Field>
      <Field id="reason" label="Grund (steht im Aktivitätsprotokoll)" issue={issue("reason")}>
        <textarea id="reason" name="reason" rows={3} maxLength={500} required {...describedBy("reason", issue("reason"))} />
      </Field>
      <FormActions>
        <Button type="submit" disabled={!canSubmit}>
          Credits gutschreiben
        </Button>
      </FormActions>
    </form>
  );
}
