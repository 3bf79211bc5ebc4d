"use client";

import { useActionState } from "react";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/forms/action-result";

export interface RoleOption {
  role: string;
  label: string;
}

/** One member's role as a select with its own save button; the outcome shows below it. */
export function RoleForm({ action, current, memberName, options }: {
  action: (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
  current: string;
  memberName: string;
  options: RoleOption[];
}) {
  const [result, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction} className="role-form" aria-label={`Rolle von ${memberName}`}>
      <select name="role" defaultValue={current} aria-label={`Rolle von ${memberName}`}>
        {options.map((o) => (
          <option key={o.role} value={o.role}>
            {o.label}
          </option>
        ))}
      </select>
      <button type="submit" className="button secondary" disabled={pending}>
        Speichern
      </button>
      <FormMessage result={result} />
    </form>
  );
}
