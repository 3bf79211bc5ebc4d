"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/core/forms/action-result";

type Action = (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;

/**
 * Compliance staff hold a release's evidence until a date, or lift the hold; always with a reason.
 * The server decides (lib/domains/evidence/evidence-hold.ts); its field issues show under the fields.
 */
export function EvidenceHoldForm({ action, held }: { action: Action; held: boolean }) {
  const [result, dispatch, pending] = useActionState<ActionResult | null, FormData>(action, null);
  const issue = (field: string) => (pending ? undefined : result?.issues?.[field]);
  return (
    <form action={dispatch} className="form evidence-form" noValidate aria-label="Aufbewahrungssperre">
      <FormMessage result={pending ? null : result} />
      <Field id="hold-until" label="Aufbewahren bis einschließlich" issue={issue("until")}>
        <input id="hold-until" name="until" type="date" {...describedBy("hold-until", issue("until"))} />
      </Field>
      <Field
        id="hold-reason"
        label="Grund (etwa Aktenzeichen oder Anfrage)"
        issue={issue("reason")}
        hint="Gilt für alle Archiveinträge der Pressemitteilung, ihrer Bilder und ihrer rechtlichen Anliegen, auch für später geschriebene. Eine längere Sperre bleibt bestehen; jede Änderung wird protokolliert."
      >
        <input
          id="hold-reason"
          name="reason"
          required
          minLength={10}
          maxLength={2000}
          {...describedBy("hold-reason", issue("reason"), true)}
        />
      </Field>
      <FormActions>
        <Button type="submit" name="intent" value="hold" disabled={pending}>
          Sperre setzen
        </Button>
        {held ? (
          <Button type="submit" name="intent" value="lift" variant="secondary" disabled={pending}>
            Sperre aufheben
          </Button>
        ) : null}
      </FormActions>
    </form>
  );
}
