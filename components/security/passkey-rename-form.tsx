"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/core/forms/action-result";
import styles from "./security.module.css";

/** Renames one passkey in place. */
export function PasskeyRenameForm({
  id: passkeyId,
  name,
  action,
}: {
  id: number;
  name: string;
  action: (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const id = `passkey-rename-${passkeyId}`;
  return (
    <form action={formAction} aria-label={`Passkey „${name}“ umbenennen`} className={styles.rename}>
      <label htmlFor={id} className="visually-hidden">
        Neuer Name für „{name}“
      </label>
      <input
        id={id}
        name="name"
        type="text"
        required
        maxLength={100}
        defaultValue={name}
        aria-invalid={state && !state.ok ? true : undefined}
        className={styles.renameInput}
      />
      <Button type="submit" variant="secondary" disabled={pending}>
        Umbenennen
      </Button>
      {state && !state.ok ? <FormMessage result={state} /> : null}
    </form>
  );
}
