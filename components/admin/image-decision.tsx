"use client";

import { startTransition, useActionState, useState, type FormEvent } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { ActionResult } from "@/lib/forms/action-result";

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
        {result?.ok ? <div className="form-message success">{result.message}</div> : null}
      </div>
      {result?.ok ? null : (
        <form className="form image-decision" onSubmit={onSubmit} noValidate aria-label="Entscheidung zum Bild">
          <div className="field">
            <label htmlFor={noteId}>Notiz zur Entscheidung (Pflicht)</label>
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
              className="short-textarea"
            />
            <p className="hint" id={`${noteId}-hint`}>
              Warum freigeben oder ablehnen? Die Notiz steht im Prüfprotokoll des Bildes.
            </p>
            {issue ? (
              <p className="issue" id={`${noteId}-issue`}>
                {issue}
              </p>
            ) : null}
          </div>
          {result && !result.ok && !result.issues ? (
            <div className="form-message error" role="alert">
              {result.message}
              {result.detail ? <small>{result.detail}</small> : null}
            </div>
          ) : null}
          <div className="button-row">
            <button type="submit" name="decision" value="release" className="button" disabled={!hydrated || pending}>
              Freigeben
            </button>
            <button type="submit" name="decision" value="reject" className="button danger" disabled={!hydrated || pending}>
              Ablehnen
            </button>
          </div>
        </form>
      )}
    </>
  );
}
