"use client";

import { startTransition, useActionState, useState, type FormEvent } from "react";
import type { ActionResult } from "@/lib/forms/action-result";

/** The longest reason an admin decision keeps; the server checks it again. */
const REASON_MAX = 500;

/**
 * The state of an admin decision that needs a reason (payments, releases, newsrooms): asks
 * before it acts, keeps the reason when the server refuses, empties it when the action worked.
 */
export function useReasonAction(action: (prev: ActionResult | null, form: FormData) => Promise<ActionResult>, confirmText: string, onOutcome?: (outcome: ActionResult) => void) {
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const [result, dispatch, pending] = useActionState(async (prev: ActionResult | null, form: FormData) => {
    const outcome = await action(prev, form);
    onOutcome?.(outcome);
    if (outcome.ok) setReason("");
    return outcome;
  }, null);
  const issue = missing ? "Bitte geben Sie einen Grund an." : !pending ? result?.issues?.reason : undefined;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setMissing(!reason.trim());
    if (!reason.trim() || !window.confirm(confirmText)) return;
    const form = new FormData(e.currentTarget);
    startTransition(() => dispatch(form));
  }

  function changeReason(value: string) {
    setReason(value);
    setMissing(false);
  }

  return { reason, changeReason, issue, result, pending, onSubmit };
}

/** The reason's text field with its issue, named after the decision's id. */
export function ReasonField({ id, label, reason, changeReason, issue, className }: { id: string; label: string; reason: string; changeReason: (value: string) => void; issue: string | undefined; className?: string }) {
  return (
    <div className="field">
      <label htmlFor={`${id}-reason`}>{label}</label>
      <textarea
        id={`${id}-reason`}
        name="reason"
        className={className}
        rows={2}
        required
        maxLength={REASON_MAX}
        value={reason}
        onChange={(e) => changeReason(e.target.value)}
        aria-invalid={issue ? true : undefined}
        aria-describedby={issue ? `${id}-reason-issue` : undefined}
      />
      {issue ? (
        <p className="issue" id={`${id}-reason-issue`}>
          {issue}
        </p>
      ) : null}
    </div>
  );
}
