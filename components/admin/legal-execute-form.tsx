"use client";

import { startTransition, useActionState, useState, type FormEvent } from "react";
import { ReleaseBodyField } from "@/components/dashboard/release-editor";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { ActionResult } from "@/lib/core/forms/action-result";
import type { Language } from "@/lib/generated/prisma/enums";
import { DEFAULT_NOTES } from "@/lib/domains/legal/corrections/note-text";
import type { ExecutionFormInput } from "@/lib/domains/legal/requests/execution-input";
import type { Measure } from "@/lib/domains/legal-terms/request-status";
import { MEASURE } from "./legal-labels";

type FormFieldName = keyof ExecutionFormInput;

interface Props {
  measures: readonly Measure[];
  /** The release's current text, for the text measure (null when no release is linked yet). */
  text: { title: string; lead: string; body: string } | null;
  /** The requester's wording (correction, change). */
  proposedText: string | null;
  /** A public report: the editor names the release (prefilled with the linked one). */
  askRelease: boolean;
  releaseReference: string;
  /** Language of the public note: the release's. */
  language: Language;
  action: (prev: ActionResult | null, input: ExecutionFormInput) => Promise<ActionResult>;
}

const SUBMIT_LABEL: Record<Measure, string> = { text: "Umsetzen", redact: "Umsetzen", depublish: "Depublizieren", none: "Abschließen" };

const CONFIRM: Record<Measure, string> = {
  text: "Der neue Text ist sofort öffentlich, mit dem datierten Hinweis auf der Seite, im Feed und im Korrekturprotokoll.",
  redact: "Die Textstellen werden sofort entfernt; die Seite, der Feed und das Korrekturprotokoll zeigen den datierten Hinweis.",
  depublish: "Die Pressemitteilung verschwindet sofort von allen öffentlichen Seiten und Feeds.",
  none: "Das Anliegen wird ohne Änderung an der Pressemitteilung abgeschlossen.",
};

/** Plain text as paragraphs: the requester's wording, taken over as the release text. */
function paragraphsOf(text: string): string {
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escape(p).replace(/\r?\n/g, "<br>")}</p>`)
    .join("");
}

/**
 * The execution of an approved request: the measure (a customer's track names its one measure;
 * a public report offers depublication, redaction or none), what it needs (the wording, the
 * passages, the release), the public note and the editor's own note. Asks before it acts; every
 * value survives a refusal, which shows beside its field.
 */
export function LegalExecuteForm({ measures, text, proposedText, askRelease, releaseReference, language, action }: Props) {
  const [result, dispatch, pending] = useActionState(action, null);
  const hydrated = useHydrated();
  const { confirm, confirmDialog } = useConfirm();
  const [values, setValues] = useState<ExecutionFormInput>({
    measure: measures[0] ?? "none",
    note: "",
    publicNote: "",
    logTitle: "",
    title: text?.title ?? "",
    lead: text?.lead ?? "",
    body: text?.body ?? "",
    passages: "",
    release: releaseReference,
  });
  // The editor takes its text once; taking over the proposal mounts a fresh one.
  const [editorKey, setEditorKey] = useState(0);
  const [editorHtml, setEditorHtml] = useState(text?.body ?? "");
  const measure = values.measure as Measure;
  const set = (field: FormFieldName, value: string) => setValues((v) => ({ ...v, [field]: value }));
  const issue = (field: FormFieldName) => (!pending ? result?.issues?.[field] : undefined);
  const defaultNote =
    measure === "redact" ? DEFAULT_NOTES[language].redaction : measure === "depublish" ? DEFAULT_NOTES[language].withdrawal : undefined;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const asked = values;
    void confirm({ title: "Jetzt umsetzen?", consequence: CONFIRM[measure], confirmLabel: SUBMIT_LABEL[measure] }).then((yes) => {
      if (yes) startTransition(() => dispatch(asked));
    });
  }

  const area = (field: FormFieldName, label: string, hint: string, opts: { rows?: number; placeholder?: string | undefined } = {}) => (
    <Field id={`exec-${field}`} label={label} hint={hint} issue={issue(field)}>
      <textarea
        id={`exec-${field}`}
        rows={opts.rows ?? 3}
        value={values[field]}
        placeholder={opts.placeholder}
        onChange={(e) => set(field, e.target.value)}
        {...describedBy(`exec-${field}`, issue(field), true)}
      />
    </Field>
  );

  return (
    <form className="form legal-execute" onSubmit={onSubmit} noValidate aria-label="Anliegen umsetzen">
      {result && !result.ok ? <FormMessage result={result} /> : null}
      {measures.length > 1 ? (
        <fieldset className="fieldset">
          <legend>Maßnahme</legend>
          <div className="choice-cards">
            {measures.map((m) => (
              <label key={m} className="choice-card">
                <input type="radio" name="measure" value={m} checked={measure === m} onChange={() => set("measure", m)} />
                <span>
                  {MEASURE[m].label}
                  <small>{MEASURE[m].hint}</small>
                </span>
              </label>
            ))}
          </div>
          {issue("measure") ? <p className="issue">{issue("measure")}</p> : null}
        </fieldset>
      ) : (
        <p className="hint">
          <strong>{MEASURE[measure].label}:</strong> {MEASURE[measure].hint}
        </p>
      )}

      {askRelease ? (
        <Field
          id="exec-release"
          label="Betroffene Pressemitteilung"
          hint="Nummer (etwa 1234) oder Adresse der Seite auf dem Portal. Bei „Keine Änderung“ kann das Feld leer bleiben."
          issue={issue("release")}
        >
          <input
            id="exec-release"
            type="text"
            value={values.release}
            onChange={(e) => set("release", e.target.value)}
            {...describedBy("exec-release", issue("release"), true)}
          />
        </Field>
      ) : null}

      {measure === "text" && text ? (
        <>
          {proposedText ? (
            <div className="legal-proposal">
              <p className="hint">Gewünschter Wortlaut des Antragstellers:</p>
              <p className="legal-text">{proposedText}</p>
              <Button
                type="button"
                variant="secondary"
                onClick={() => {
                  const html = paragraphsOf(proposedText);
                  set("body", html);
                  setEditorHtml(html);
                  setEditorKey((k) => k + 1);
                }}
              >
                Als Text übernehmen
              </Button>
            </div>
          ) : null}
          <Field id="exec-title" label="Überschrift" issue={issue("title")}>
            <input
              id="exec-title"
              type="text"
              maxLength={250}
              value={values.title}
              onChange={(e) => set("title", e.target.value)}
              {...describedBy("exec-title", issue("title"))}
            />
          </Field>
          <Field id="exec-lead" label="Vorspann (optional)" issue={issue("lead")}>
            <input
              id="exec-lead"
              type="text"
              maxLength={600}
              value={values.lead}
              onChange={(e) => set("lead", e.target.value)}
              {...describedBy("exec-lead", issue("lead"))}
            />
          </Field>
          <ReleaseBodyField
            key={editorKey}
            initialHtml={editorHtml}
            body={values.body}
            issue={issue("body")}
            onChange={(body) => set("body", body)}
            onHtml={() => {}}
            onBlur={() => {}}
          />
        </>
      ) : null}

      {measure === "redact" && askRelease
        ? area(
            "passages",
            "Zu entfernende Textstellen",
            "Eine Textstelle je Zeile, genau wie sie auf der Seite steht. Jede Fundstelle in Titel, Vorspann und Text wird durch „[entfernt]“ ersetzt.",
            { rows: 4 },
          )
        : null}

      {measure === "depublish" ? (
        <Field
          id="exec-logTitle"
          label="Titel im Korrekturprotokoll (optional)"
          hint="Leer bleibt die Überschrift der Pressemitteilung. Nennt schon die Überschrift, was beanstandet wurde, formulieren Sie hier eine neutrale; sie steht dann bei allen Einträgen dieser Pressemitteilung im Protokoll."
          issue={issue("logTitle")}
        >
          <input
            id="exec-logTitle"
            type="text"
            maxLength={200}
            value={values.logTitle}
            placeholder={askRelease ? undefined : text?.title}
            onChange={(e) => set("logTitle", e.target.value)}
            {...describedBy("exec-logTitle", issue("logTitle"), true)}
          />
        </Field>
      ) : null}

      {measure !== "none"
        ? area(
            "publicNote",
            "Öffentlicher Hinweis",
            measure === "text"
              ? "Pflicht. Erscheint datiert auf der Seite, im Feed und im Korrekturprotokoll, etwa „Das Eröffnungsdatum war falsch angegeben.“"
              : "Erscheint datiert im Korrekturprotokoll" +
                  (measure === "redact" ? ", auf der Seite und im Feed" : "") +
                  ". Leer bleibt der Standardtext.",
            { placeholder: defaultNote },
          )
        : null}
      {area(
        "note",
        measure === "none" ? "Vermerk" : "Vermerk (intern, optional)",
        measure === "none"
          ? "Pflicht: warum sich an der Pressemitteilung nichts ändert. Steht nur im Verlauf."
          : "Steht nur im Verlauf und im Archiveintrag.",
      )}

      <FormActions>
        <Button type="submit" variant={measure === "depublish" ? "danger" : "primary"} disabled={pending || !hydrated}>
          {SUBMIT_LABEL[measure]}
        </Button>
        {pending ? <span className="meta">Wird umgesetzt …</span> : null}
      </FormActions>
      {confirmDialog}
    </form>
  );
}
