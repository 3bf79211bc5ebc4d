"use client";

import { useActionState } from "react";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { Button } from "./button";
import { confirmFor, ConfirmForm, type ConfirmText } from "./confirm-dialog";
import { FormMessage } from "./form-message";

/** One button that runs one server action and shows its outcome; optionally asks first. */
export function ActionButton({
  action,
  label,
  confirmText,
  variant = "secondary",
  size,
}: {
  action: (prev: ActionResult | null, form: FormData) => Promise<ActionResult | null>;
  label: string;
  confirmText?: string | ConfirmText;
  variant?: "primary" | "secondary" | "danger-quiet" | "danger";
  size?: "md" | "sm";
}) {
  const [result, formAction, pending] = useActionState(action, null);
  const body = (
    <>
      <Button type="submit" variant={variant} size={size} disabled={pending}>
        {label}
      </Button>
      <FormMessage result={result} />
    </>
  );
  return confirmText ? (
    <ConfirmForm action={formAction} confirmText={confirmFor(label, confirmText)}>
      {body}
    </ConfirmForm>
  ) : (
    <form action={formAction}>{body}</form>
  );
}
