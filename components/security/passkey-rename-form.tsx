"use client";

import { useActionState } from "react";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/forms/action-result";

/** Renames one passkey in place. */
export function PasskeyRenameForm({ id: passkeyId, name, action }: { id: number; name: string; action: (prev: ActionResult | null, form: FormData) => Promise<ActionResult> }) {
  const [state, formAction, pending] = useActionState(action, null);
  const id = `passkey-rename-${passkeyId}`;
  return (
    <form action={formAction} aria-label={`Passkey „${name}“ umbenennen`} style={{ display: "flex", gap: ".5rem", alignItems: "center", flexWrap: "wrap" }}>
      <label htmlFor={id} className="skip-link">
        Neuer Name für „{name}“
      </label>
      <input id={id} name="name" type="text" required maxLength={100} defaultValue={name} aria-invalid={state && !state.ok ? true : undefined} style={{ font: "inherit", padding: ".4rem .5rem" }} />
      <button type="submit" className="button secondary" disabled={pending}>
        Umbenennen
      </button>
      {state && !state.ok ? <FormMessage result={state} /> : null}
    </form>
  );
}
