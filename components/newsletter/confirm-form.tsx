"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/core/forms/action-result";
import type { Edition } from "@/lib/domains/sites";
import { CONFIRM_COPY } from "./copy";

/**
 * Confirms on a click, never on page load: mail scanners and link previews open links, and an
 * automatic confirmation would subscribe an address its owner never confirmed.
 */
export function NewsletterConfirmForm({
  edition,
  action,
}: {
  edition: Edition;
  action: (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const t = CONFIRM_COPY[edition];
  if (state?.ok) return <FormMessage result={state} />;
  return (
    <form action={formAction} className="form" aria-label={t.title}>
      <FormMessage result={state} />
      {state && !state.ok ? (
        <p>
          <a href={t.signupHref}>{t.again}</a>
        </p>
      ) : null}
      <FormActions>
        <Button type="submit" disabled={pending}>
          {t.button}
        </Button>
      </FormActions>
    </form>
  );
}
