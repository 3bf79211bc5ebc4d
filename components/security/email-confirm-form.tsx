"use client";

import { Button } from "@/components/ui/button";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import { LinkButton } from "@/components/ui/link-button";
import type { EmailConfirmState, FormAction } from "./types";
import { useFormAction } from "./use-form-action";

/**
 * Confirms the new address on a click, never on page load: mail scanners open links, and an
 * automatic confirmation would spend the link before its owner arrives.
 */
export function EmailConfirmForm({ action }: { action: FormAction<EmailConfirmState> }) {
  const [state, formAction, pending] = useFormAction(action);
  if (state?.ok) {
    return (
      <div className="stack">
        <FormMessage result={state} />
        <p>
          <LinkButton href="/dashboard/security">Zu den Sicherheitseinstellungen</LinkButton>
        </p>
      </div>
    );
  }
  return (
    <form action={formAction} className="form" aria-label="Neue E-Mail-Adresse bestätigen">
      <FormMessage result={state} />
      <FormActions>
        <Button type="submit" disabled={pending}>
          E-Mail-Adresse bestätigen
        </Button>
      </FormActions>
    </form>
  );
}
