"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { Notice } from "@/components/ui/notice";
import { useHydrated } from "@/components/ui/use-hydrated";
import { AI_DECLARATION_LABELS, warningTexts } from "./image-labels";
import { uploadErrorOf, type UploadError, type UploadField } from "./image-upload-errors";

const ACCEPT = "image/jpeg,image/png,image/webp,image/avif";
const ACCEPTED_TYPES = new Set(ACCEPT.split(","));

interface Props {
  /**
   * The session-authenticated POST route that takes the multipart form; for a release not saved
   * yet, a function that saves it as a draft first and answers its route (null: not saved, the
   * release form says why and the chosen image stays).
   */
  endpoint: string | (() => Promise<string | null>);
  /** A file was chosen (a new release saves its draft right then, before the upload). */
  onChosen?: () => void;
  /** After a successful upload, instead of re-rendering this page (a new release moves to its draft's page). */
  onUploaded?: () => void;
  /** The wording the uploader confirms; its key goes back as confirm_text_version. */
  confirmText: { key: string; body: string };
  maxBytes: number;
  /** An admin's upload waits for the owner's confirmation; the texts say so. */
  variant?: "customer" | "admin";
}

type Outcome = { kind: "success"; message: string; warnings: string[] } | { kind: "error"; error: UploadError } | null;

/**
 * Image upload for a release: file, credit, description, AI declaration, focus point, no-crop
 * and the rights confirmation with its full wording. It goes by fetch to a route handler (a
 * server action could not take 16 MB); every field is checked here first, and the server's
 * answer (warnings or the error) is announced in live regions beside the form.
 */
export function ImageUploadForm({ endpoint, onChosen, onUploaded, confirmText, maxBytes, variant = "customer" }: Props) {
  const router = useRouter();
  const hydrated = useHydrated();
  const uid = useId();
  const id = (f: string) => `${uid}-${f}`;
  const fileInput = useRef<HTMLInputElement>(null);
  const maxMb = Math.round(maxBytes / 1024 / 1024);

  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [copyright, setCopyright] = useState("");
  const [alt, setAlt] = useState("");
  const [ai, setAi] = useState("");
  const [focusX, setFocusX] = useState(50);
  const [focusY, setFocusY] = useState(50);
  const [noCrop, setNoCrop] = useState(false);
  const [rights, setRights] = useState(false);
  const [issues, setIssues] = useState<Partial<Record<UploadField, string>>>({});
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  function chooseFile(next: File | null) {
    setFile(next);
    setPreview(null);
    setIssues((i) => ({ ...i, image: next ? fileIssue(next) : undefined }));
    // A data: URL (the page's CSP allows no blob: images); only for files we would send.
    if (next && !fileIssue(next)) {
      onChosen?.();
      const reader = new FileReader();
      reader.onload = () => setPreview(typeof reader.result === "string" ? reader.result : null);
      reader.readAsDataURL(next);
    }
  }

  function fileIssue(f: File): string | undefined {
    if (f.size > maxBytes) return `Die Datei ist größer als ${maxMb} MB.`;
    if (f.type && !ACCEPTED_TYPES.has(f.type)) return "Bitte wählen Sie ein JPEG, PNG, WebP oder AVIF.";
    return undefined;
  }

  function validate(): Partial<Record<UploadField, string>> {
    const out: Partial<Record<UploadField, string>> = {};
    if (!file) out.image = "Bitte wählen Sie eine Bilddatei.";
    else if (fileIssue(file)) out.image = fileIssue(file);
    if (copyright.trim().length < 2)
      out.copyright = "Bitte nennen Sie den Urheber bzw. Bildnachweis (mindestens 2 Zeichen), z. B. „Foto: Max Muster“.";
    if (!ai) out.ai_declaration = "Bitte geben Sie an, ob und wie KI beim Bild im Spiel war.";
    if (!rights) out.rights_confirmed = "Ohne Bestätigung der Bildrechte können wir das Bild nicht annehmen.";
    return out;
  }

  function showIssues(found: Partial<Record<UploadField, string>>) {
    setIssues(found);
    const first = (["image", "copyright", "alt", "ai_declaration", "focus_x", "rights_confirmed"] as const).find((f) => found[f]);
    if (first) document.getElementById(id(first))?.focus();
  }

  function reset() {
    setFile(null);
    setPreview(null);
    setAlt("");
    setFocusX(50);
    setFocusY(50);
    setNoCrop(false);
    setRights(false);
    setIssues({});
    if (fileInput.current) fileInput.current.value = "";
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending) return;
    const found = validate();
    if (Object.values(found).some(Boolean)) {
      setOutcome(null);
      showIssues(found);
      return;
    }
    const body = new FormData();
    body.set("image", file!);
    body.set("copyright", copyright.trim());
    body.set("rights_confirmed", rights ? "true" : "");
    body.set("confirm_text_version", confirmText.key);
    if (alt.trim()) body.set("alt", alt.trim());
    body.set("ai_declaration", ai);
    body.set("focus_x", String(focusX / 100));
    body.set("focus_y", String(focusY / 100));
    if (noCrop) body.set("no_crop", "true");
    setIssues({});
    setOutcome(null);
    setPending(true);
    const target = typeof endpoint === "string" ? endpoint : await endpoint().catch(() => null);
    if (!target) {
      setPending(false);
      setOutcome({
        kind: "error",
        error: {
          message: "Das Bild lässt sich erst hochladen, wenn der Entwurf gespeichert ist. Was dafür noch fehlt, steht oben im Formular.",
        },
      });
      return;
    }
    let response: Response;
    try {
      response = await fetch(target, { method: "POST", body, credentials: "same-origin", headers: { accept: "application/json" } });
    } catch {
      setPending(false);
      setOutcome({
        kind: "error",
        error: { message: "Die Verbindung ist abgebrochen. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut." },
      });
      return;
    }
    const json: unknown = await response.json().catch(() => null);
    setPending(false);
    if (response.ok) {
      const warnings = Array.isArray((json as { warnings?: unknown } | null)?.warnings)
        ? (json as { warnings: { code: string; message: string }[] }).warnings
        : [];
      const message =
        variant === "admin"
          ? "Bild hochgeladen. Es bleibt verborgen, bis eine Inhaberin oder ein Inhaber des Newsrooms die Bildrechte per E-Mail-Link bestätigt."
          : "Bild hochgeladen.";
      setOutcome({ kind: "success", message, warnings: warningTexts(warnings) });
      reset();
      if (onUploaded) onUploaded();
      else router.refresh();
      return;
    }
    const error = uploadErrorOf(response.status, json, maxMb);
    setOutcome({ kind: "error", error });
    if (error.issues) showIssues(error.issues);
  }

  function pickFocus(e: MouseEvent<HTMLDivElement>) {
    const box = e.currentTarget.getBoundingClientRect();
    setFocusX(Math.round(Math.min(1, Math.max(0, (e.clientX - box.left) / box.width)) * 100));
    setFocusY(Math.round(Math.min(1, Math.max(0, (e.clientY - box.top) / box.height)) * 100));
  }

  const describe = (f: UploadField, hint = false) => {
    const ids = [hint ? id(`${f}-hint`) : null, issues[f] ? id(`${f}-issue`) : null].filter(Boolean).join(" ");
    return { "aria-invalid": issues[f] ? true : undefined, "aria-describedby": ids || undefined } as const;
  };
  const issue = (f: UploadField) =>
    issues[f] ? (
      <p className="issue" id={id(`${f}-issue`)}>
        {issues[f]}
      </p>
    ) : null;

  return (
    <form className="form image-upload" aria-label="Bild hochladen" onSubmit={onSubmit} noValidate aria-busy={pending || undefined}>
      <div className="image-upload-grid">
        <div className="image-upload-fields">
          <Field
            id={id("image")}
            label="Bilddatei"
            issue={issues.image}
            hint={`JPEG, PNG, WebP oder AVIF, höchstens ${maxMb} MB. Wir veröffentlichen verkleinerte Fassungen ohne Metadaten; das Original bewahren wir als Nachweis auf.`}
          >
            <input
              ref={fileInput}
              id={id("image")}
              name="image"
              type="file"
              accept={ACCEPT}
              required
              onChange={(e) => chooseFile(e.target.files?.[0] ?? null)}
              {...describe("image", true)}
            />
          </Field>
          <Field
            id={id("copyright")}
            label="Urheber / Bildnachweis"
            issue={issues.copyright}
            hint="Erscheint unter dem Bild, z. B. „Foto: Max Muster“ oder „Musterfirma GmbH“."
          >
            <input
              id={id("copyright")}
              name="copyright"
              type="text"
              required
              maxLength={200}
              value={copyright}
              onChange={(e) => setCopyright(e.target.value)}
              {...describe("copyright", true)}
            />
          </Field>
          <Field
            id={id("alt")}
            label="Bildbeschreibung (Alternativtext, empfohlen)"
            issue={issues.alt}
            hint="Was ist zu sehen? Für Menschen, die das Bild nicht sehen können, und für Suchmaschinen."
          >
            <input
              id={id("alt")}
              name="alt"
              type="text"
              maxLength={300}
              value={alt}
              onChange={(e) => setAlt(e.target.value)}
              {...describe("alt", true)}
            />
          </Field>
          <Field
            id={id("ai_declaration")}
            label="KI beim Bild"
            issue={issues.ai_declaration}
            hint="Mit KI erzeugte oder bearbeitete Bilder kennzeichnen wir im Bildnachweis."
          >
            <select
              id={id("ai_declaration")}
              name="ai_declaration"
              required
              value={ai}
              onChange={(e) => setAi(e.target.value)}
              {...describe("ai_declaration", true)}
            >
              <option value="">Bitte wählen …</option>
              {Object.entries(AI_DECLARATION_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <fieldset className="choice-group image-focus">
          <legend>Bildausschnitt</legend>
          <p className="hint" id={id("focus-hint")}>
            Wo liegt das Wichtigste im Bild? Beim Zuschneiden (z. B. für Vorschaubilder in sozialen Netzen) bleibt dieser Punkt sichtbar.
            {preview ? " Klicken Sie in die Vorschau oder nutzen Sie die Regler." : null}
          </p>
          {preview ? (
            // The sliders below are the keyboard's way to set the point; the click is a shortcut for the mouse.
            <div className="image-focus-frame" onClick={pickFocus} aria-hidden="true">
              {/* eslint-disable-next-line @next/next/no-img-element -- the local file before upload */}
              <img src={preview} alt="" onError={() => setPreview(null)} />
              <span className="image-focus-marker" style={{ left: `${focusX}%`, top: `${focusY}%` }} />
            </div>
          ) : null}
          <label htmlFor={id("focus_x")}>
            Waagerecht: <output htmlFor={id("focus_x")}>{focusX} %</output>
          </label>
          <input
            id={id("focus_x")}
            name="focus_x"
            type="range"
            min={0}
            max={100}
            step={1}
            value={focusX}
            onChange={(e) => setFocusX(Number(e.target.value))}
            aria-valuetext={`${focusX} % von links`}
            aria-describedby={id("focus-hint")}
          />
          <label htmlFor={id("focus_y")}>
            Senkrecht: <output htmlFor={id("focus_y")}>{focusY} %</output>
          </label>
          <input
            id={id("focus_y")}
            name="focus_y"
            type="range"
            min={0}
            max={100}
            step={1}
            value={focusY}
            onChange={(e) => setFocusY(Number(e.target.value))}
            aria-valuetext={`${focusY} % von oben`}
            aria-describedby={id("focus-hint")}
          />
          {issue("focus_x")}
          <label className="checkbox">
            <input type="checkbox" name="no_crop" checked={noCrop} onChange={(e) => setNoCrop(e.target.checked)} /> Nicht beschneiden (mit
            Rand einpassen)
          </label>
        </fieldset>
      </div>
      <fieldset className="legal-accept image-rights" aria-describedby={issues.rights_confirmed ? id("rights_confirmed-issue") : undefined}>
        <legend>Bildrechte</legend>
        <input type="hidden" name="confirm_text_version" value={confirmText.key} />
        <label className="image-rights-label">
          <input
            id={id("rights_confirmed")}
            type="checkbox"
            name="rights_confirmed"
            value="true"
            required
            checked={rights}
            onChange={(e) => setRights(e.target.checked)}
            aria-invalid={issues.rights_confirmed ? true : undefined}
          />
          <span className="image-rights-text">{confirmText.body}</span>
        </label>
        {variant === "admin" ? (
          <p className="hint">
            Zusätzlich bestätigt eine Inhaberin oder ein Inhaber des Newsrooms die Bildrechte selbst: Wir schicken ihr oder ihm dazu einen
            Link per E-Mail.
          </p>
        ) : null}
        {issue("rights_confirmed")}
      </fieldset>
      {outcome?.kind === "error" ? (
        <Notice
          tone="error"
          role="alert"
          detail={outcome.error.detail}
          actions={
            outcome.error.stale ? (
              <Button
                type="button"
                variant="secondary"
                onClick={() => {
                  // The page brings the current wording; what was typed stays, the box is ticked anew.
                  setRights(false);
                  setOutcome(null);
                  router.refresh();
                }}
              >
                Aktuellen Text laden
              </Button>
            ) : null
          }
        >
          {outcome.error.message}
        </Notice>
      ) : null}
      <div className="image-upload-status" role="status" aria-live="polite">
        {pending ? <p className="meta">Das Bild wird hochgeladen und geprüft … Das kann bei großen Dateien einen Moment dauern.</p> : null}
        {outcome?.kind === "success" ? (
          <Notice tone={outcome.warnings.length ? "warning" : "success"}>
            {outcome.message}
            {outcome.warnings.length ? (
              <ul className="reasons">
                {outcome.warnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            ) : null}
          </Notice>
        ) : null}
      </div>
      <FormActions>
        <Button type="submit" disabled={!hydrated || pending}>
          {pending ? "Wird hochgeladen …" : "Bild hochladen"}
        </Button>
        {pending ? <progress className="image-upload-progress" aria-label="Hochladen läuft" /> : null}
      </FormActions>
    </form>
  );
}
