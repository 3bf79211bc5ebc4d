"use client";

import { startTransition, useActionState, useState, type FormEvent } from "react";
import { useConfirm, type ConfirmText } from "@/components/ui/confirm-dialog";
import { describedBy, Field } from "@/components/ui/field";
import type { ActionResult } from "@/lib/core/forms/action-result";

/** The longest reason an admin decision keeps; the server checks it again. */
const REASON_MAX = 500;

/**
 * The state of an admin decision that needs a reason (payments, releases, newsrooms): asks
 * before it acts, keeps the reason when the server refuses, empties it when the action worked.
 */
export function useReasonAction(
  action: (prev: ActionResult | null, form: FormData) => Promise<ActionResult>,
  confirmText: ConfirmText,
  onOutcome?: (outcome: ActionResult) => void,
) {
  const { confirm, confirmDialog } = useConfirm();
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
    if (!reason.trim()) return;
    const form = new FormData(e.currentTarget);
    void confirm(confirmText).then((yes) => {
      if (yes) startTransition(() => dispatch(form));
    });
  }

  function changeReason(value: string) {
    setReason(value);
    setMissing(false);
  }

  return { reason, changeReason, issue, result, pending, onSubmit, confirmDialog };
}

/** The reason's text field with its issue, named after the decision's id. */
export function ReasonField({
  id,
  label,
  reason,
  changeReason,
  issue,
}: {
  id: string;
  label: string;
  reason: string;
  changeReason: (value: string) => void;
  issue: string | undefined;
}) {
  return (
    <Field id={`${id}-reason`} label={label} issue={issue}>
      <textarea
        id={`${id}-reason`}
        name="reason"
        rows={2}
        required
        maxLength={REASON_MAX}
        value={reason}
        onChange={(e) => changeReason(e.target.value)}
        {...describedBy(`${id}-reason`, issue)}
      />
    </Field>
  );
}
