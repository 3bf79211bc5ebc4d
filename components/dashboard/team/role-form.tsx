"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/core/forms/action-result";

export interface RoleOption {
  role: string;
  label: string;
}

/**
 * A role as a select with its own submit button (a member's role, or the role an address is
 * invited with); the outcome shows below it. `label` names the form, `selectLabel` the select.
 */
export function RoleForm({
  action,
  current,
  label,
  selectLabel = label,
  submitLabel = "Speichern",
  options,
}: {
  action: (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
  current: string;
  label: string;
  selectLabel?: string;
  submitLabel?: string;
  options: RoleOption[];
}) {
  const [result, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction} className="role-form" aria-label={label}>
      <select name="role" defaultValue={current} aria-label={selectLabel}>
        {options.map((o) => (
          <option key={o.role} value={o.role}>
            {o.label}
          </option>
        ))}
      </select>
      <Button type="submit" variant="secondary" disabled={pending}>
        {submitLabel}
      </Button>
      <FormMessage result={result} className="role-form-message" />
    </form>
  );
}
