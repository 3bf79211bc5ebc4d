"use client";

import { startTransition, useActionState, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { Notice } from "@/components/ui/notice";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { ActionResult } from "@/lib/core/forms/action-result";

type Action = (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;

/**
 * "Freigeben" or "Ablehnen" for one withheld image, each with the required note. The note is
 * kept in state, so a refused answer never loses it; once decided, the answer replaces the form.
 */
export function ImageDecision({ imageId, action }: { imageId: number; action: Action }) {
  const [result, dispatch, pending] = useActionState(action, null);
  const [note, setNote] = useState("");
  const [localIssue, setLocalIssue] = useState<string | null>(null);
  const hydrated = useHydrated();
  const noteId = `note-${imageId}`;
  const issue = localIssue ?? result?.issues?.note ?? null;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (note.trim().length < 3) {
      setLocalIssue("Eine Notiz ist erforderlich (mindestens 3 Zeichen); sie steht im Prüfprotokoll.");
      document.getElementById(noteId)?.focus();
      return;
    }
    setLocalIssue(null);
    const form = new FormData(e.currentTarget);
    form.set("decision", submitter?.value ?? "");
    startTransition(() => dispatch(form));
  }

  return (
    <>
      <div role="status" aria-live="polite">
        {result?.ok ? <Notice tone="success">{result.message}</Notice> : null}
      </div>
      {result?.ok ? null : (
        <form className="form image-decision" onSubmit={onSubmit} noValidate aria-label="Entscheidung zum Bild">
          <Field
            id={noteId}
            label="Notiz zur Entscheidung (Pflicht)"
            hint="Warum freigeben oder ablehnen? Die Notiz steht im Prüfprotokoll des Bildes."
            issue={issue ?? undefined}
          >
            <textarea
              id={noteId}
              name="note"
              rows={3}
              required
              maxLength={2000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              aria-invalid={issue ? true : undefined}
              aria-describedby={issue ? `${noteId}-issue` : `${noteId}-hint`}
            />
          </Field>
          {result && !result.ok && !result.issues ? (
            <Notice tone="error" role="alert" detail={result.detail}>
              {result.message}
            </Notice>
          ) : null}
          <FormActions>
            <Button type="submit" name="decision" value="release" disabled={!hydrated || pending}>
              Freigeben
            </Button>
            <Button type="submit" name="decision" value="reject" variant="danger" disabled={!hydrated || pending}>
              Ablehnen
            </Button>
          </FormActions>
        </form>
      )}
    </>
  );
}
