"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/core/forms/action-result";

/**
 * The quiet "Abmelden" of one other session. Its name for assistive technology names the device,
 * so ten rows are not ten equal buttons (and the header's own "Abmelden" stays the only one by
 * that exact name). No confirmation: the device only has to sign in again.
 */
export function SessionSignOutButton({
  action,
  device,
}: {
  action: (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
  device: string;
}) {
  const [result, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction}>
      <Button type="submit" variant="danger-quiet" size="sm" disabled={pending}>
        Abmelden<span className="visually-hidden"> ({device})</span>
      </Button>
      {result && !result.ok ? <FormMessage result={result} /> : null}
    </form>
  );
}
