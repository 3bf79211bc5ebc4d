"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/core/forms/action-result";
import type { Edition } from "@/lib/domains/sites";
import { LEGAL_PAGE_COPY } from "./intake-copy";

/** The legal page's primary path: a login link to the account, landing on its legal requests. */
export function IntakeLoginLinkForm({
  edition,
  action,
}: {
  edition: Edition;
  action: (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const t = LEGAL_PAGE_COPY[edition];
  if (state?.ok) return <FormMessage result={state} />;
  return (
    <form action={formAction} className="form intake-link-form">
      <FormMessage result={state} />
      <Field id="lr-link-email" label={t.email}>
        <input id="lr-link-email" name="email" type="email" autoComplete="email" required maxLength={320} />
      </Field>
      <FormActions spacing="flush">
        <Button type="submit" disabled={pending}>
          {pending ? t.sending : t.sendLink}
        </Button>
      </FormActions>
    </form>
  );
}
