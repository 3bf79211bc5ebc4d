"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { confirmFor } from "@/components/ui/confirm-dialog";
import { FormActions } from "@/components/ui/form-actions";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { PaymentAction } from "./payment-action-button";
import { useReportOutcome } from "./payments-notice";
import { ReasonField, useReasonAction } from "../reason-field";
import styles from "./payments.module.css";

/**
 * An action that needs a reason (void, remove, hold, end grandfathering), folded away until the
 * admin opens it. Asks before it acts; the reason stays in the field when the server refuses.
 */
export function ReasonActionForm({
  action,
  id,
  label,
  subject,
  reasonLabel,
  confirmText,
  notifyLabel,
  variant = "danger",
}: {
  action: PaymentAction;
  /** Unique on the page: names the fields. */
  id: string;
  label: string;
  subject: string;
  reasonLabel: string;
  confirmText: string;
  /** Offers a checkbox `notifyCustomer` with this label. */
  notifyLabel?: string;
  variant?: "secondary" | "danger";
}) {
  const report = useReportOutcome();
  const [open, setOpen] = useState(false);
  const { reason, changeReason, issue, pending, onSubmit, confirmDialog } = useReasonAction(
    action,
    confirmFor(label, confirmText),
    (outcome) => {
      report(outcome);
      if (outcome.ok) setOpen(false);
    },
  );
  const hydrated = useHydrated();

  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        {label} …<span className="visually-hidden"> {subject}</span>
      </summary>
      <form className={`form ${styles.reasonForm}`} onSubmit={onSubmit} noValidate>
        <ReasonField id={id} label={reasonLabel} reason={reason} changeReason={changeReason} issue={issue} />
        {notifyLabel ? (
          <label className="checkbox" htmlFor={`${id}-notify`}>
            <input id={`${id}-notify`} type="checkbox" name="notifyCustomer" value="1" />
            {notifyLabel}
          </label>
        ) : null}
        <FormActions spacing="flush">
          <Button type="submit" variant={variant} disabled={pending || !hydrated}>
            {label}
            <span className="visually-hidden"> {subject}</span>
          </Button>
        </FormActions>
      </form>
      {confirmDialog}
    </details>
  );
}
