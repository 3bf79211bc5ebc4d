"use client";

import { startTransition, useActionState, useState, type FormEvent } from "react";
import { describedBy, FormField } from "@/components/ui/form-field";
import { FormMessage } from "@/components/ui/form-message";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { CategoryOption, Newsroom } from "@/lib/dashboard/newsrooms";
import { BODY_MIN_CHARS, bodyTextLength, hasIssues, RELEASE_FIELDS, validateReleaseForm, type ReleaseField, type ReleaseFormValues } from "@/lib/dashboard/release-rules";
import type { ActionResult } from "@/lib/forms/action-result";
import type { LegalDocument } from "@/lib/legal/documents";
import { documentKey, LegalAcceptanceFields } from "./legal-acceptance-fields";

export interface SaveReleaseInput {
  releaseId?: number;
  values: ReleaseFormValues;
  submit: boolean;
  /** The document versions the customer accepted with this submission (legal gate). */
  acceptDocuments?: { document: string; version: string }[];
}

const PORTAL_LABELS = { business: "Pressdesk Business", tech: "Pressdesk Tech" } as const;

interface Props {
  releaseId?: number;
  initial: ReleaseFormValues;
  newsrooms: Newsroom[];
  categories: CategoryOption[];
  /** A release that was published keeps its portal and language. */
  placementLocked?: boolean;
  /** Offer "save and submit" (drafts and rejected releases). */
  canSubmit: boolean;
  /** Legal documents a submission still needs accepted; empty when the gate is off or all are accepted. */
  documentsToAccept?: readonly LegalDocument[];
  action: (prev: ActionResult | null, input: SaveReleaseInput) => Promise<ActionResult | null>;
}

/**
 * The release editor. Every field is controlled, so neither a failed save nor a refresh of the
 * page around it loses what was typed; rules are checked as the user types (release-rules.ts)
 * and again on the server, whose per-field issues are shown until the field changes.
 */
export function ReleaseForm({ releaseId, initial, newsrooms, categories, placementLocked = false, canSubmit, documentsToAccept = [], action }: Props) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<ReleaseField, boolean>>>({});
  const [sent, setSent] = useState<ReleaseFormValues | null>(null);
  const [result, dispatch, pending] = useActionState(action, null);
  const [accepted, setAccepted] = useState<ReadonlySet<string>>(new Set());
  const [legalIssue, setLegalIssue] = useState<string | undefined>();
  const allAccepted = documentsToAccept.every((d) => accepted.has(documentKey(d)));
  const hydrated = useHydrated();

  const newsroom = newsrooms.find((n) => String(n.id) === values.companyId);
  const portals = newsroom?.portals ?? [];
  const portalCategories = categories.filter((c) => c.portal === values.portal);
  const clientIssues = validateReleaseForm(values);
  const issueOf = (field: ReleaseField): string | undefined => {
    if (touched[field] && clientIssues[field]) return clientIssues[field];
    // A server issue belongs to the value it judged; once the field changes it is stale.
    if (sent && sent[field] === values[field] && result?.issues?.[field]) return result.issues[field];
    return undefined;
  };

  const set = (field: ReleaseField, value: string) =>
    setValues((v) => {
      const next = { ...v, [field]: value };
      if (field === "companyId") {
        const n = newsrooms.find((x) => String(x.id) === value);
        if (n && !n.portals.includes(next.portal as "business" | "tech")) next.portal = n.portals[0] ?? "";
      }
      // A category belongs to one portal; switching the portal clears a foreign one.
      if ((field === "portal" || field === "companyId") && !categories.some((c) => String(c.id) === next.categoryId && c.portal === next.portal)) next.categoryId = "";
      return next;
    });
  const bind = (field: ReleaseField) => ({
    id: field,
    name: field,
    value: values[field],
    onChange: (e: { target: { value: string } }) => set(field, e.target.value),
    onBlur: () => setTouched((t) => ({ ...t, [field]: true })),
    ...describedBy(field, issueOf(field), field === "body" || field === "scheduledAt" || field === "location"),
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const submit = (e.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === "submit";
    setTouched(Object.fromEntries(RELEASE_FIELDS.map((f) => [f, true])));
    if (hasIssues(clientIssues)) return;
    if (submit && !allAccepted) {
      setLegalIssue("Bitte bestätigen Sie die Bedingungen, um einzureichen. Speichern geht auch ohne.");
      return;
    }
    setLegalIssue(undefined);
    setSent(values);
    const acceptDocuments = submit ? documentsToAccept.map(({ document, version }) => ({ document, version })) : [];
    startTransition(() => dispatch({ ...(releaseId ? { releaseId } : {}), values, submit, ...(acceptDocuments.length ? { acceptDocuments } : {}) }));
  }

  const showClientSummary = Object.keys(touched).length === RELEASE_FIELDS.length && hasIssues(clientIssues);
  return (
    <form className="form" onSubmit={onSubmit} method="post" noValidate>
      {showClientSummary ? (
        <p className="form-message error" role="alert">
          Bitte prüfen Sie die markierten Felder.
        </p>
      ) : (
        <FormMessage result={result} />
      )}
      <div className="form-grid">
        <FormField id="companyId" label="Newsroom" issue={issueOf("companyId")}>
          <select {...bind("companyId")} disabled={!!releaseId || newsrooms.length < 2}>
            {newsrooms.map((n) => (
              <option key={n.id} value={n.id}>
                {n.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="portal" label="Portal" issue={issueOf("portal")}>
          <select {...bind("portal")} disabled={placementLocked || portals.length < 2}>
            {portals.map((p) => (
              <option key={p} value={p}>
                {PORTAL_LABELS[p]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="language" label="Sprache" issue={issueOf("language")}>
          <select {...bind("language")} disabled={placementLocked}>
            <option value="de">Deutsch</option>
            <option value="en">Englisch</option>
          </select>
        </FormField>
        <FormField id="categoryId" label="Kategorie" issue={issueOf("categoryId")}>
          <select {...bind("categoryId")}>
            <option value="">Bitte wählen …</option>
            {portalCategories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField id="title" label="Überschrift" issue={issueOf("title")}>
        <input {...bind("title")} type="text" maxLength={250} />
      </FormField>
      <FormField id="lead" label="Vorspann (optional)" issue={issueOf("lead")}>
        <input {...bind("lead")} type="text" maxLength={600} />
      </FormField>
      <FormField
        id="body"
        label="Text"
        issue={issueOf("body")}
        hint={`${bodyTextLength(values.body)} Zeichen, mindestens ${BODY_MIN_CHARS}. Jede Zeile wird ein Absatz. Schreiben Sie sachlich wie eine Nachricht, nicht wie Werbung.`}
      >
        <textarea {...bind("body")} rows={14} />
      </FormField>
      <div className="form-grid">
        <FormField id="location" label="Ortsmarke" issue={issueOf("location")} hint="Der Ort, aus dem die Meldung stammt, z. B. Hamburg.">
          <input {...bind("location")} type="text" maxLength={220} />
        </FormField>
        <FormField id="scheduledAt" label="Veröffentlichen am (optional)" issue={issueOf("scheduledAt")} hint="Deutsche Zeit. Leer lassen: gleich nach bestandener Prüfung.">
          <input {...bind("scheduledAt")} type="datetime-local" />
        </FormField>
      </div>
      <div className="form-grid">
        <FormField id="contactName" label="Pressekontakt: Name" issue={issueOf("contactName")}>
          <input {...bind("contactName")} type="text" autoComplete="name" maxLength={220} />
        </FormField>
        <FormField id="contactEmail" label="Pressekontakt: E-Mail" issue={issueOf("contactEmail")}>
          <input {...bind("contactEmail")} type="email" autoComplete="email" maxLength={320} />
        </FormField>
        <FormField id="contactPhone" label="Pressekontakt: Telefon (optional)" issue={issueOf("contactPhone")}>
          <input {...bind("contactPhone")} type="tel" autoComplete="tel" maxLength={60} />
        </FormField>
      </div>
      {canSubmit && documentsToAccept.length ? (
        <LegalAcceptanceFields
          documents={documentsToAccept}
          accepted={accepted}
          issue={legalIssue}
          onChange={(key, checked) =>
            setAccepted((prev) => {
              const next = new Set(prev);
              if (checked) next.add(key);
              else next.delete(key);
              return next;
            })
          }
        />
      ) : null}
      <div className="button-row">
        <button type="submit" name="intent" value="save" className="button secondary" disabled={!hydrated || pending}>
          Speichern
        </button>
        {canSubmit ? (
          <button type="submit" name="intent" value="submit" className="button" disabled={!hydrated || pending}>
            Speichern und zur Prüfung einreichen
          </button>
        ) : null}
        {pending ? <span className="meta">Wird gespeichert …</span> : null}
      </div>
    </form>
  );
}
