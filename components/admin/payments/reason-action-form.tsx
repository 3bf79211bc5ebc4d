"use client";

import { startTransition, useActionState, useState, type FormEvent } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { ActionResult } from "@/lib/forms/action-result";
import type { PaymentAction } from "./payment-action-button";
import { useReportOutcome } from "./payments-notice";

const REASON_MAX = 500;

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
  const [reason, setReason] = useState("");
  const [open, setOpen] = useState(false);
  const [missing, setMissing] = useState(false);
  const [result, dispatch, pending] = useActionState(async (prev: ActionResult | null, form: FormData) => {
    const outcome = await action(prev, form);
    report(outcome);
    if (outcome.ok) {
      setReason("");
      setOpen(false);
    }
    return outcome;
  }, null);
  const hydrated = useHydrated();
  const issue = missing ? "Bitte geben Sie einen Grund an." : !pending ? result?.issues?.reason : undefined;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setMissing(!reason.trim());
    if (!reason.trim() || !window.confirm(confirmText)) return;
    const form = new FormData(e.currentTarget);
    startTransition(() => dispatch(form));
  }

  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        {label} …<span className="visually-hidden"> {subject}</span>
      </summary>
      <form className="form" onSubmit={onSubmit} noValidate style={{ marginTop: ".5rem", gap: ".5rem" }}>
        <div className="field">
          <label htmlFor={`${id}-reason`}>{reasonLabel}</label>
          <textarea
            id={`${id}-reason`}
            name="reason"
            className="short"
            rows={2}
            required
            maxLength={REASON_MAX}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setMissing(false);
            }}
            aria-invalid={issue ? true : undefined}
            aria-describedby={issue ? `${id}-reason-issue` : undefined}
          />
          {issue ? (
            <p className="issue" id={`${id}-reason-issue`}>
              {issue}
            </p>
          ) : null}
        </div>
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
