"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/core/forms/action-result";
import type { EmailClassification } from "@/lib/generated/prisma/client";
import { CLASSIFICATION_LABEL } from "./email-classification-labels";

/**
 * The manual classification of a company address (spec 2.2): "automatisch" clears the override,
 * any other choice stays through every recomputation. The server checks the choice again.
 */
export function EmailClassificationForm({
  action,
  manual,
}: {
  action: (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
  manual: EmailClassification | null;
}) {
  const [result, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction} className="admin-filter" aria-label="Einstufung der Firmen-E-Mail">
      <Field id="email-classification" label="Einstufung von Hand">
        <select id="email-classification" name="classification" defaultValue={manual ?? "auto"}>
          <option value="auto">automatisch (berechnet)</option>
          {(Object.keys(CLASSIFICATION_LABEL) as EmailClassification[]).map((c) => (
            <option key={c} value={c}>
              {CLASSIFICATION_LABEL[c]}
            </option>
          ))}
        </select>
      </Field>
      <FormActions spacing="flush">
        <Button type="submit" variant="secondary" disabled={pending}>
          Einstufung speichern
        </Button>
      </FormActions>
      <FormMessage result={result} />
    </form>
  );
}
