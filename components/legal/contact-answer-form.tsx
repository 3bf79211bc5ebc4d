"use client";

import { useActionState } from "react";
import { ActionButton } from "@/components/ui/action-button";
import { describedBy, FormField } from "@/components/ui/form-field";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/forms/action-result";

type Action = (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;

/**
 * The answer to an open contact message: the text goes to the sender by mail in their language's
 * frame (greeting and signature are added). Or the message is closed without an answer.
 */
export function ContactAnswerForm({ answer, close, language, minLength, maxLength }: { answer: Action; close: Action; language: "de" | "en"; minLength: number; maxLength: number }) {
  const [state, formAction, pending] = useActionState(answer, null);
  const issue = state?.issues?.["answer"];
  return (
    <>
      <form action={formAction} className="form">
        <FormMessage result={state} />
        <FormField
          id="contact-answer"
          label="Antwort"
          hint={`Anrede, Bezug auf die Nachricht und Gruß fügt die E-Mail selbst hinzu (${language === "de" ? "auf Deutsch" : "auf Englisch, wie die Nachricht"}). Leerzeilen trennen Absätze.`}
          issue={issue}
        >
          <textarea id="contact-answer" name="answer" required minLength={minLength} maxLength={maxLength} lang={language} {...describedBy("contact-answer", issue, true)} />
        </FormField>
        <div className="button-row">
          <button type="submit" className="button" disabled={pending}>
            {pending ? "Wird gesendet …" : "Antwort senden"}
          </button>
        </div>
      </form>
      <div className="button-row">
        <ActionButton action={close} label="Ohne Antwort schließen" confirmText="Die Nachricht wird ohne Antwort geschlossen; es geht keine E-Mail hinaus. Fortfahren?" />
      </div>
    </>
  );
}
