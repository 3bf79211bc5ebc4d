"use client";

import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { Notice } from "@/components/ui/notice";

const MIN_PURPOSE = 10;

type Outcome = { ok: true; message: string } | { ok: false; message: string; purposeIssue?: string } | null;

/** The name the answer's content-disposition gives (RFC 5987 form first). */
function filenameOf(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? "");
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      /* fall through to the plain name */
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? "")?.[1] ?? fallback;
}

function errorOf(status: number, json: unknown): Exclude<Outcome, null> {
  const error = (json as { error?: { code?: string; requestId?: string; issues?: { path?: string }[] } } | null)?.error;
  const ref = error?.requestId ? ` (Vorgangsnummer: ${error.requestId})` : "";
  switch (error?.code) {
    case "validation_failed":
      return error.issues?.some((i) => i.path === "version")
        ? { ok: false, message: "Bitte wählen Sie das Original oder die veröffentlichte Fassung." }
        : {
            ok: false,
            message: "Bitte nennen Sie den Zweck.",
            purposeIssue: `Bitte beschreiben Sie den Zweck des Zugriffs (mindestens ${MIN_PURPOSE} Zeichen).`,
          };
    case "forbidden":
      return {
        ok: false,
        message: `Dafür fehlt Ihnen die Berechtigung. Nachweise entfernter Bilder brauchen die Berechtigung „Rechtliche Anliegen und Nachweise“.${ref}`,
      };
    case "not_found":
    case "gone":
      return { ok: false, message: `Diese Fassung des Bildes ist nicht (mehr) gespeichert.${ref}` };
    case "unauthenticated":
    case "page_expired":
      return { ok: false, message: "Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an." };
  }
  return {
    ok: false,
    message: `${status >= 500 ? "Ein unerwarteter Fehler ist aufgetreten." : "Der Nachweis konnte nicht geöffnet werden."}${ref}`,
  };
}

/**
 * Opens the evidence of one image: only by POST and only with a stated purpose, which the
 * server logs with the access. The file arrives as a download; a refusal is shown here. Without
 * script the form posts natively and the browser downloads the answer itself.
 */
export function EvidenceForm({
  endpoint,
  hasOriginal,
  removed,
  exportAll = false,
}: {
  endpoint: string;
  hasOriginal: boolean;
  removed: boolean;
  /** The signed export of the whole release (no choice of version). */ exportAll?: boolean;
}) {
  const uid = useId();
  const [purpose, setPurpose] = useState("");
  const [version, setVersion] = useState<"original" | "published">(hasOriginal ? "original" : "published");
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const purposeIssue = outcome && !outcome.ok ? outcome.purposeIssue : undefined;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (purpose.trim().length < MIN_PURPOSE) {
      setOutcome({
        ok: false,
        message: "Bitte nennen Sie den Zweck.",
        purposeIssue: `Bitte beschreiben Sie den Zweck des Zugriffs (mindestens ${MIN_PURPOSE} Zeichen).`,
      });
      document.getElementById(`${uid}-purpose`)?.focus();
      return;
    }
    setPending(true);
    setOutcome(null);
    try {
      const response = await fetch(endpoint, { method: "POST", body: new FormData(e.currentTarget), credentials: "same-origin" });
      if (!response.ok) {
        setOutcome(errorOf(response.status, await response.json().catch(() => null)));
        return;
      }
      const name = filenameOf(response.headers.get("content-disposition"), "nachweis");
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setOutcome({ ok: true, message: `Nachweis „${name}“ wird heruntergeladen. Der Zugriff ist protokolliert.` });
    } catch {
      setOutcome({ ok: false, message: "Die Verbindung ist abgebrochen. Bitte versuchen Sie es erneut." });
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      method="post"
      action={endpoint}
      className="form evidence-form"
      onSubmit={onSubmit}
      noValidate
      aria-label={exportAll ? "Nachweise exportieren" : "Nachweis öffnen"}
    >
      <Field
        id={`${uid}-purpose`}
        label="Zweck des Zugriffs"
        issue={purposeIssue}
        hint={
          <>
            Zum Beispiel „Anfrage der Rechteinhaberin vom 3. März, Az. 2026-17“. Der Zweck wird mit Ihrem Namen protokolliert.
            {removed || exportAll ? " Nachweise entfernter Bilder brauchen die Berechtigung „Rechtliche Anliegen und Nachweise“." : null}
          </>
        }
      >
        <textarea
          id={`${uid}-purpose`}
          name="purpose"
          rows={2}
          required
          minLength={MIN_PURPOSE}
          maxLength={500}
          value={purpose}
          onChange={(e) => setPurpose(e.target.value)}
          {...describedBy(`${uid}-purpose`, purposeIssue, true)}
        />
      </Field>
      {exportAll ? null : (
        <fieldset className="choice-group">
          <legend>Fassung</legend>
          <label>
            <input
              type="radio"
              name="version"
              value="original"
              checked={version === "original"}
              onChange={() => setVersion("original")}
              disabled={!hasOriginal}
            />{" "}
            Original
            {hasOriginal ? null : <span className="meta"> (nicht mehr gespeichert)</span>}
          </label>
          <label>
            <input
              type="radio"
              name="version"
              value="published"
              checked={version === "published"}
              onChange={() => setVersion("published")}
            />{" "}
            Veröffentlichte Fassung
          </label>
        </fieldset>
      )}
      <div role="status" aria-live="polite">
        {outcome?.ok ? <Notice tone="success">{outcome.message}</Notice> : null}
      </div>
      {outcome && !outcome.ok && !outcome.purposeIssue ? (
        <Notice tone="error" role="alert">
          {outcome.message}
        </Notice>
      ) : null}
      <FormActions>
        <Button type="submit" variant="secondary" disabled={pending}>
          {pending ? "Wird geöffnet …" : exportAll ? "Signierten Export herunterladen" : "Nachweis öffnen"}
        </Button>
      </FormActions>
    </form>
  );
}
