"use client";

import { startTransition, useActionState, useState, type FormEvent } from "react";
import { FormMessage } from "@/components/ui/form-message";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { ActionResult } from "@/lib/forms/action-result";

const REASON_MAX = 500;

export type ReasonAction = (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;

/**
 * A decision that changes what readers see and therefore needs a reason (release and newsroom
 * screens): folded away until opened, asks before it acts, keeps the reason when the server
 * refuses and shows the outcome under the button. The server checks the reason again.
 */
export function ReasonForm({ action, id, label, subject, reasonLabel, confirmText, variant = "secondary" }: {
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
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const [result, dispatch, pending] = useActionState(async (prev: ActionResult | null, form: FormData) => {
    const outcome = await action(prev, form);
    if (outcome.ok) setReason("");
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
    <details className="admin-decision" data-decision={id}>
      <summary>
        {label}
        <span className="visually-hidden"> {subject}</span> …
      </summary>
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-reason`}>{reasonLabel}</label>
          <textarea
            id={`${id}-reason`}
            name="reason"
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
        <div>
          <button type="submit" className={`button ${variant}`} disabled={pending || !hydrated}>
            {label}
            <span className="visually-hidden"> {subject}</span>
          </button>
        </div>
        <FormMessage result={result} />
      </form>
    </details>
  );
}
