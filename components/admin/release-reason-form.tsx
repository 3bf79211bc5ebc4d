"use client";

import { Button } from "@/components/ui/button";
import { confirmFor } from "@/components/ui/confirm-dialog";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { ReasonField, useReasonAction } from "./reason-field";

export type ReasonAction = (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;

/**
 * A decision that changes what readers see and therefore needs a reason (release and newsroom
 * screens): folded away until opened, asks before it acts, keeps the reason when the server
 * refuses and shows the outcome under the button. The server checks the reason again.
 */
export function ReasonForm({
  action,
  id,
  label,
  subject,
  reasonLabel,
  confirmText,
  variant = "secondary",
}: {
  action: ReasonAction;
  /** Unique on the page: names the fields. */
  id: string;
  label: string;
  /** Read after the label by screen readers, e.g. the release's title. */
  subject: string;
  reasonLabel: string;
  confirmText: string;
  variant?: "secondary" | "danger";
}) {
  const { reason, changeReason, issue, result, pending, onSubmit, confirmDialog } = useReasonAction(action, confirmFor(label, confirmText));
  const hydrated = useHydrated();

  return (
    <details className="admin-decision" data-decision={id}>
      <summary>
        {label}
        <span className="visually-hidden"> {subject}</span> …
      </summary>
      <form className="form" onSubmit={onSubmit} noValidate>
        <ReasonField id={id} label={reasonLabel} reason={reason} changeReason={changeReason} issue={issue} />
        <FormActions spacing="flush">
          <Button type="submit" variant={variant} disabled={pending || !hydrated}>
            {label}
            <span className="visually-hidden"> {subject}</span>
          </Button>
        </FormActions>
        <FormMessage result={result} />
      </form>
      {confirmDialog}
    </details>
  );
}
