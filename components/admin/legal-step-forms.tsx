"use client";

import { startTransition, useActionState, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { ActionResult } from "@/lib/core/forms/action-result";
import type { LegalRequestSource } from "@/lib/generated/prisma/enums";
import { DECISION_NOTE_READERS } from "./legal-labels";

type Action = (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;

/** "In Prüfung nehmen": the editor takes the request; the queue then names them. */
export function LegalStartReviewForm({ action }: { action: Action }) {
  const [result, dispatch, pending] = useActionState(action, null);
  const hydrated = useHydrated();
  return (
    <form action={dispatch} className="form">
      <FormMessage result={result} />
      <p className="hint">Sie übernehmen das Anliegen. Danach entscheiden Sie mit Begründung, ob ihm stattgegeben wird.</p>
      <FormActions spacing="flush">
        <Button type="submit" disabled={pending || !hydrated}>
          In Prüfung nehmen
        </Button>
      </FormActions>
    </form>
  );
}

/** "Stattgeben" or "Ablehnen" with the required reasoning; the text survives a refusal. The hint says who reads it. */
export function LegalDecisionForm({ action, source }: { action: Action; source: LegalRequestSource }) {
  const [result, dispatch, pending] = useActionState(action, null);
  const [decision, setDecision] = useState<"approve" | "reject" | "">("");
  const [note, setNote] = useState("");
  const [missing, setMissing] = useState<{ decision?: string; note?: string }>({});
  const hydrated = useHydrated();
  const issue = (field: "decision" | "note") => missing[field] ?? (!pending ? result?.issues?.[field] : undefined);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const next = {
      ...(decision ? {} : { decision: "Bitte wählen Sie „Stattgeben“ oder „Ablehnen“." }),
      ...(note.trim() ? {} : { note: "Bitte geben Sie eine Begründung an." }),
    };
    setMissing(next);
    if (Object.keys(next).length) return;
    const form = new FormData(e.currentTarget);
    startTransition(() => dispatch(form));
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {result && !result.ok ? <FormMessage result={result} /> : null}
      <fieldset className="fieldset" aria-describedby={issue("decision") ? "decision-issue" : undefined}>
        <legend>Entscheidung</legend>
        <div className="choice-cards">
          <label className="choice-card">
            <input type="radio" name="decision" value="approve" checked={decision === "approve"} onChange={() => setDecision("approve")} />
            <span>
              Stattgeben
              <small>Danach setzen Sie die Maßnahme um; erst das ändert etwas öffentlich.</small>
            </span>
          </label>
          <label className="choice-card">
            <input type="radio" name="decision" value="reject" checked={decision === "reject"} onChange={() => setDecision("reject")} />
            <span>
              Ablehnen
              <small>Der Vorgang ist damit abgeschlossen; an der Pressemitteilung ändert sich nichts.</small>
            </span>
          </label>
        </div>
        {issue("decision") ? (
          <p className="issue" id="decision-issue">
            {issue("decision")}
          </p>
        ) : null}
      </fieldset>
      <Field id="decision-note" label="Begründung" hint={DECISION_NOTE_READERS[source]} issue={issue("note")}>
        <textarea
          id="decision-note"
          name="note"
          rows={3}
          required
          maxLength={2000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          {...describedBy("decision-note", issue("note"), true)}
        />
      </Field>
      <FormActions spacing="flush">
        <Button type="submit" disabled={pending || !hydrated}>
          Entscheidung speichern
        </Button>
      </FormActions>
    </form>
  );
}
