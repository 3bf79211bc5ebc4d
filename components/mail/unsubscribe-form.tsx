"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/core/forms/action-result";

/** The visible unsubscribe: one button; a GET never unsubscribes (link scanners open every link). */
export function UnsubscribeForm({
  token,
  action,
}: {
  token: string;
  action: (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
}) {
  const [result, formAction, pending] = useActionState(action, null);
  if (result?.ok) return <FormMessage result={result} />;
  return (
    <form action={formAction}>
      <input type="hidden" name="t" value={token} />
      <Button type="submit" disabled={pending}>
        Abmelden / Unsubscribe
      </Button>
      <FormMessage result={result} />
    </form>
  );
}
