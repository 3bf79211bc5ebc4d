"use client";

import Link from "next/link";
import { FormMessage } from "@/components/ui/form-message";
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
          <Link className="button" href="/dashboard/security">
            Zu den Sicherheitseinstellungen
          </Link>
        </p>
      </div>
    );
  }
  return (
    <form action={formAction} className="form" aria-label="Neue E-Mail-Adresse bestätigen">
      <FormMessage result={state} />
      <div className="button-row">
        <button type="submit" className="button" disabled={pending}>
          E-Mail-Adresse bestätigen
        </button>
      </div>
    </form>
  );
}
