"use client";

import { useActionState, useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { INTAKE_LIMITS } from "@/lib/domains/legal/requests/file-fields";
import { CUSTOMER_TRACK_HINTS, TRACK_LABELS } from "@/lib/domains/legal-terms/request-labels";
import { normalizePassage, redactPlainText, redactReleaseBody, validateRedactionPassages } from "@/lib/domains/legal/requests/redaction";
import { RequestRedactionFields, type RedactionPreview, type ReleaseForPreview } from "./request-redaction-fields";

type Track = "correction" | "change" | "redaction" | "depublication";

export interface ModalTrackChoice {
  track: Track;
  allowed: boolean;
  openRequestReference: string | null;
}

const REASON_HINT: Record<Track, string> = {
  correction: "Was ist falsch, und woher wissen Sie es?",
  change: "Warum soll der Wortlaut geändert werden (etwa eine Einigung oder Abmahnung)?",
  redaction: "Warum müssen die Stellen entfernt werden (etwa ein Widerspruch der genannten Person)?",
  depublication: "Warum soll die Pressemitteilung nicht mehr erscheinen?",
};

const unavailable = (c: ModalTrackChoice) =>
  c.openRequestReference !== null
    ? `Antrag ${c.openRequestReference} ist noch offen.`
    : !c.allowed
      ? "Nur Inhaber und Verantwortliche des Newsrooms."
      : null;

/**
 * The customer's request modal (spec 4.4) on their release page: correction or change with the
 * wording asked for, redaction with a required preview, depublication; a reason for each. A
 * native <dialog>: focus stays inside while it is open, Escape closes it, and focus returns to
 * the button that opened it.
 */
export function RequestModal({
  release,
  choices,
  action,
}: {
  release: ReleaseForPreview;
  choices: ModalTrackChoice[];
  action: (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  // A filed request ends a round: opened again, the modal starts afresh with the choices as they are now.
  const [round, setRound] = useState(0);
  const [filed, setFiled] = useState(false);
  const onFiled = useCallback(() => setFiled(true), []);
  function onClose() {
    if (filed) {
      setFiled(false);
      setRound((r) => r + 1);
    }
    openerRef.current?.focus();
  }
  return (
    <>
      <Button ref={openerRef} type="button" onClick={() => dialogRef.current?.showModal()} aria-haspopup="dialog">
        Antrag stellen
      </Button>
      <dialog ref={dialogRef} className="request-modal" aria-labelledby="request-modal-title" onClose={onClose}>
        <RequestDialogBody
          key={round}
          release={release}
          choices={choices}
          action={action}
          close={() => dialogRef.current?.close()}
          onFiled={onFiled}
        />
      </dialog>
    </>
  );
}

function RequestDialogBody({
  release,
  choices,
  action,
  close,
  onFiled,
}: {
  release: ReleaseForPreview;
  choices: ModalTrackChoice[];
  action: (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
  close: () => void;
  onFiled: () => void;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const firstFree = choices.find((c) => !unavailable(c))?.track ?? null;
  const [track, setTrack] = useState<Track | null>(firstFree);
  const [reason, setReason] = useState("");
  const [proposedText, setProposedText] = useState("");
  const [passages, setPassages] = useState("");
  const [preview, setPreview] = useState<RedactionPreview | null>(null);
  const [previewErrors, setPreviewErrors] = useState<string[]>([]);
  const [confirmed, setConfirmed] = useState(false);
  const issues = state?.ok ? undefined : state?.issues;

  function changePassages(value: string) {
    setPassages(value);
    // Another choice of passages needs a new look at the page.
    setPreview(null);
    setConfirmed(false);
    setPreviewErrors([]);
  }

  function showPreview() {
    const list = passages.split("\n").map(normalizePassage).filter(Boolean);
    const checked = validateRedactionPassages(release.body, list);
    if (!checked.ok) {
      setPreview(null);
      setPreviewErrors(checked.errors);
      return;
    }
    setPreviewErrors([]);
    setConfirmed(false);
    setPreview({
      title: redactPlainText(release.title, checked.passages),
      lead: release.lead === null ? null : redactPlainText(release.lead, checked.passages),
      body: redactReleaseBody(release.body, checked.passages),
    });
  }

  const canSubmit = track !== null && (track !== "redaction" || (preview !== null && confirmed));
  useEffect(() => {
    if (state?.ok) onFiled();
  }, [state?.ok, onFiled]);
  return (
    <>
      <div className="request-modal-head">
        <h2 id="request-modal-title">Antrag zu dieser Pressemitteilung</h2>
        <Button type="button" variant="link" onClick={close}>
          Schließen
        </Button>
      </div>
      {state?.ok ? (
        <>
          <FormMessage result={state} />
          <FormActions>
            <Button type="button" onClick={close} autoFocus>
              Fertig
            </Button>
          </FormActions>
        </>
      ) : (
        <form action={formAction} className="form request-form">
          <FormMessage result={state} />
          <fieldset className="choice-group" {...describedBy("request-track", issues?.["track"])}>
            <legend>Was beantragen Sie?</legend>
            <div className="choice-cards">
              {choices.map((c) => {
                const why = unavailable(c);
                return (
                  <label key={c.track} className="choice-card">
                    <input
                      type="radio"
                      name="track"
                      value={c.track}
                      checked={track === c.track}
                      disabled={why !== null}
                      onChange={() => setTrack(c.track)}
                    />
                    <span>
                      {TRACK_LABELS.de[c.track]}
                      <small>{why ?? CUSTOMER_TRACK_HINTS[c.track]}</small>
                    </span>
                  </label>
                );
              })}
            </div>
            {issues?.["track"] ? (
              <p className="issue" id="request-track-issue">
                {issues["track"]}
              </p>
            ) : null}
          </fieldset>

          {track === "correction" || track === "change" ? (
            <Field
              id="request-proposed"
              label="Gewünschter Wortlaut"
              hint="Der Text, wie er künftig lauten soll: der berichtigte Satz, Absatz oder die ganze Passage."
              issue={issues?.["proposedText"]}
            >
              <textarea
                id="request-proposed"
                name="proposedText"
                rows={9}
                value={proposedText}
                onChange={(e) => setProposedText(e.target.value)}
                required
                maxLength={INTAKE_LIMITS.proposedMax}
                {...describedBy("request-proposed", issues?.["proposedText"], true)}
              />
            </Field>
          ) : null}

          {track === "redaction" ? (
            <RequestRedactionFields
              release={release}
              passages={passages}
              onPassages={changePassages}
              preview={preview}
              previewErrors={previewErrors}
              onShowPreview={showPreview}
              confirmed={confirmed}
              onConfirmed={setConfirmed}
              issues={issues}
            />
          ) : null}

          {track ? (
            <Field
              id="request-reason"
              label="Begründung"
              hint={`${REASON_HINT[track]} Mindestens ${INTAKE_LIMITS.textMin} Zeichen.`}
              issue={issues?.["reason"]}
            >
              <textarea
                id="request-reason"
                name="reason"
                className="short-textarea"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                required
                minLength={INTAKE_LIMITS.textMin}
                maxLength={INTAKE_LIMITS.textMax}
                {...describedBy("request-reason", issues?.["reason"], true)}
              />
            </Field>
          ) : (
            <p className="meta">Zu dieser Pressemitteilung ist gerade kein weiterer Antrag möglich.</p>
          )}

          <FormActions>
            <Button type="submit" disabled={!canSubmit || pending}>
              {pending ? "Wird gesendet …" : "Antrag stellen"}
            </Button>
            <Button type="button" variant="secondary" onClick={close}>
              Abbrechen
            </Button>
            {track === "redaction" && !canSubmit ? <span className="meta">Erst nach geprüfter Vorschau.</span> : null}
          </FormActions>
        </form>
      )}
    </>
  );
}
