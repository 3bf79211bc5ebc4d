"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { confirmFor, ConfirmForm, type ConfirmText } from "@/components/ui/confirm-dialog";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { useReportOutcome } from "./payments-notice";

export type PaymentAction = (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;

/**
 * One button for one record's action (bound to its id), named for screen readers with the
 * record it acts on ("Senden MAN-2026-00003"); optionally asks first. The outcome goes to the
 * page's notice.
 */
export function PaymentActionButton({
  action,
  label,
  subject,
  confirmText,
  variant = "secondary",
}: {
  action: PaymentAction;
  label: string;
  /** Read after the label by screen readers: the invoice number or the customer. */
  subject: string;
  confirmText?: string | ConfirmText;
  variant?: "primary" | "secondary" | "danger-quiet";
}) {
  const report = useReportOutcome();
  const [, formAction, pending] = useActionState(async (prev: ActionResult | null, form: FormData) => {
    const result = await action(prev, form);
    report(result);
    return result;
  }, null);
  const hydrated = useHydrated();
  const button = (
    <Button type="submit" variant={variant} disabled={pending || !hydrated}>
      {label}
      <span className="visually-hidden"> {subject}</span>
    </Button>
  );
  return confirmText ? (
    <ConfirmForm action={formAction} confirmText={confirmFor(label, confirmText)}>
      {button}
    </ConfirmForm>
  ) : (
    <form action={formAction}>{button}</form>
  );
}
