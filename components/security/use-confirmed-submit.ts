"use client";

import { startTransition, type FormEvent } from "react";
import { useConfirm, type ConfirmText } from "@/components/ui/confirm-dialog";
import { useHydrated } from "@/components/ui/use-hydrated";

/**
 * A form's submission that asks first, for the security page's destructive forms: like
 * ConfirmForm, but on a form of our own that keeps its accessible name and its key. The
 * question comes before anything is sent, so a recovery code typed as the proof is not spent
 * on an answer of "Abbrechen". A passkey proof submits the form itself and is asked the same.
 */
export function useConfirmedSubmit(formAction: (form: FormData) => void, confirmText: ConfirmText) {
  const { confirm, confirmDialog } = useConfirm();
  // Before hydration a submit would skip the question: the form's button waits (`ready`).
  const ready = useHydrated();
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget, (e.nativeEvent as SubmitEvent).submitter);
    void confirm(confirmText).then((yes) => {
      if (yes) startTransition(() => formAction(form));
    });
  }
  return { onSubmit, confirmDialog, ready };
}
