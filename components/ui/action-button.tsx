"use client";

import { useActionState } from "react";
import type { ActionResult } from "@/lib/forms/action-result";
import { FormMessage } from "./form-message";

/** One button that runs one server action and shows its outcome; optionally asks first. */
export function ActionButton({ action, label, confirmText, variant = "secondary" }: {
  action: (prev: ActionResult | null, form: FormData) => Promise<ActionResult | null>;
  label: string;
  confirmText?: string;
  variant?: "primary" | "secondary" | "danger";
}) {
  const [result, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction} onSubmit={(e) => { if (confirmText && !window.confirm(confirmText)) e.preventDefault(); }}>
      <button type="submit" className={`button ${variant === "primary" ? "" : variant}`} disabled={pending}>
        {label}
      </button>
      <FormMessage result={result} />
    </form>
  );
}
