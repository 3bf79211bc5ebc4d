"use client";

import { startTransition, useActionState, type FormEvent } from "react";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { useHydrated } from "./use-hydrated";

/**
 * A form whose fields keep what was typed when the server refuses (React resets a form after
 * its action; submitting through `onSubmit` does not): the answer to show (none while pending),
 * each field's issue, and whether the submit button may be pressed yet.
 */
export function useFieldForm(action: (prev: ActionResult | null, form: FormData) => Promise<ActionResult>) {
  const [result, dispatch, pending] = useActionState(action, null);
  const hydrated = useHydrated();
  const shown = pending ? null : result;
  return {
    result: shown,
    pending,
    canSubmit: hydrated && !pending,
    issue: (field: string): string | undefined => shown?.issues?.[field],
    onSubmit(e: FormEvent<HTMLFormElement>) {
      e.preventDefault();
      const form = new FormData(e.currentTarget);
      startTransition(() => dispatch(form));
    },
  };
}
