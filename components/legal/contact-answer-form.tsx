"use client";

import { useActionState } from "react";
import { ActionButton } from "@/components/ui/action-button";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/core/forms/action-result";

type Action = (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;

/**
 * The answer to an open contact message: the text goes to the sender by mail in their language's
 * frame (greeting and signature are added). Or the message is closed without an answer.
 */
export function ContactAnswerForm({
  answer,
  close,
  language,
  minLength,
  maxLength,
}: {
  answer: Action;
  close: Action;
  language: "de" | "en";
  minLength: number;
  maxLength: number;
}) {
  const [state, formAction, pending] = useActionState(answer, null);
  const issue = state?.issues?.["answer"];
  return (
    <>
      <form action={formAction} className="form">
        <FormMessage result={state} />
        <Field
          id="contact-answer"
          label="Antwort"
          hint={`Anrede, Bezug auf die Nachricht und Gruß fügt die E-Mail selbst hinzu (${language === "de" ? "auf Deutsch" : "auf Englisch, wie die Nachricht"}). Leerzeilen trennen Absätze.`}
          issue={issue}
        >
          <textarea
            id="contact-answer"
            name="answer"
            rows={9}
            required
            minLength={minLength}
            maxLength={maxLength}
            lang={language}
            {...describedBy("contact-answer", issue, true)}
          />
        </Field>
        <FormActions>
          <Button type="submit" disabled={pending}>
            {pending ? "Wird gesendet …" : "Antwort senden"}
          </Button>
        </FormActions>
      </form>
      <FormActions>
        <ActionButton
          action={close}
          label="Ohne Antwort schließen"
          confirmText="Die Nachricht wird ohne Antwort geschlossen; es geht keine E-Mail hinaus. Fortfahren?"
        />
      </FormActions>
    </>
  );
}
