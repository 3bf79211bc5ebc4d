"use client";

import { useState } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { PaymentAction } from "./payment-action-button";
import { useReportOutcome } from "./payments-notice";
import { ReasonField, useReasonAction } from "../reason-field";

/**
 * An action that needs a reason (void, remove, hold, end grandfathering), folded away until the
 * admin opens it. Asks before it acts; the reason stays in the field when the server refuses.
 */
export function ReasonActionForm({ action, id, label, subject, reasonLabel, confirmText, notifyLabel, variant = "danger" }: {
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
  const { reason, changeReason, issue, pending, onSubmit } = useReasonAction(action, confirmText, (outcome) => {
    report(outcome);
    if (outcome.ok) setOpen(false);
  });
  const hydrated = useHydrated();

  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        {label} …<span className="visually-hidden"> {subject}</span>
      </summary>
      <form className="form" onSubmit={onSubmit} noValidate style={{ marginTop: ".5rem", gap: ".5rem" }}>
        <ReasonField id={id} label={reasonLabel} reason={reason} changeReason={changeReason} issue={issue} className="short" />
        {notifyLabel ? (
          <label className="checkbox" htmlFor={`${id}-notify`}>
            <input id={`${id}-notify`} type="checkbox" name="notifyCustomer" value="1" />
            {notifyLabel}
          </label>
        ) : null}
        <div>
          <button type="submit" className={`button ${variant}`} disabled={pending || !hydrated}>
            {label}
            <span className="visually-hidden"> {subject}</span>
          </button>
        </div>
      </form>
    </details>
  );
}
