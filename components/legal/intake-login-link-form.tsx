"use client";

import { useActionState } from "react";
import { FormField } from "@/components/ui/form-field";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/core/forms/action-result";
import type { Edition } from "@/lib/domains/sites";
import { LEGAL_PAGE_COPY } from "./intake-copy";

/** The legal page's primary path: a login link to the account, landing on its legal requests. */
export function IntakeLoginLinkForm({ edition, action }: { edition: Edition; action: (prev: ActionResult | null, form: FormData) => Promise<ActionResult> }) {
  const [state, formAction, pending] = useActionState(action, null);
  const t = LEGAL_PAGE_COPY[edition];
  if (state?.ok) return <FormMessage result={state} />;
  return (
    <form action={formAction} className="form intake-link-form">
      <FormMessage result={state} />
      <FormField id="lr-link-email" label={t.email}>
        <input id="lr-link-email" name="email" type="email" autoComplete="email" required maxLength={320} />
      </FormField>
      <div>
        <button type="submit" className="button" disabled={pending}>
          {pending ? t.sending : t.sendLink}
        </button>
      </div>
    </form>
  );
}
