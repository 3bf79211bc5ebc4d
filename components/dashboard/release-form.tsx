"use client";

import { useRouter } from "next/navigation";
import { startTransition, useActionState, useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field, shownIssue } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import { Notice } from "@/components/ui/notice";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { CategoryOption, ContactPreset, Newsroom } from "@/lib/adapters/dashboard/newsrooms";
import {
  hasIssues,
  RELEASE_FIELDS,
  validateReleaseForm,
  type FieldIssues,
  type ReleaseField,
  type ReleaseFormValues,
} from "@/lib/adapters/dashboard/release-rules";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import type { ActionResult } from "@/lib/core/forms/action-result";
import type { LegalDocument } from "@/lib/domains/legal-terms/documents";
import { AiDeclarationField } from "./ai-declaration-field";
import { documentKey, LegalAcceptanceFields } from "./legal-acceptance-fields";
import { ReleaseBodyField } from "./release-editor";
import styles from "./release-editor.module.css";
import { ReleaseErrorSummary, releaseSummaryItems } from "./release-error-summary";
import { NewReleaseImages } from "./release-images";
import { ReleasePreview } from "./release-preview";
import { autosaveText, useAutosave } from "./use-autosave";
import { useImageDraft } from "./use-image-draft";
import { useLocalDraft } from "./use-local-draft";

export interface SaveReleaseInput {
  releaseId?: number;
  values: ReleaseFormValues;
  submit: boolean;
  /** The form's own save of a draft while the customer types (never submits). */
  autosave?: boolean;
  /** The document versions the customer accepted with this submission (legal gate). */
  acceptDocuments?: { document: string; version: string }[];
  /** A release not saved yet: the same key with every attempt, so one sent again creates nothing twice. */
  newReleaseKey?: string;
  /** A new release saved as a draft to attach an image: no redirect, the answer carries its id. */
  stay?: boolean;
}

/** The action's answer; `releaseId` only for a new release saved with `stay`. */
export type SaveReleaseResult = ActionResult & { releaseId?: number };

const PORTAL_LABELS = { business: "Pressdesk Business", tech: "Pressdesk Tech" } as const;
const CONTACT_FIELDS = ["contactName", "contactEmail", "contactPhone"] as const;
const contactOf = (p: ContactPreset | null | undefined) => ({
  contactName: p?.name ?? "",
  contactEmail: p?.email ?? "",
  contactPhone: p?.phone ?? "",
});

interface Props {
  releaseId?: number;
  initial: ReleaseFormValues;
  newsrooms: Newsroom[];
  categories: CategoryOption[];
  /** A release that was published keeps its portal and language. */
  placementLocked?: boolean;
  /** Offer "save and submit" (drafts and rejected releases). */
  canSubmit: boolean;
  /** Save the (existing) draft by itself while the customer types. */
  autosave?: boolean;
  /** Legal documents a submission still needs accepted; empty when the gate is off or all are accepted. */
  documentsToAccept?: readonly LegalDocument[];
  /** A new release: what its image upload needs; the first chosen image saves the draft. */
  images?: { confirmText: { key: string; body: string }; maxBytes: number } | undefined;
  action: (prev: ActionResult | null, input: SaveReleaseInput) => Promise<SaveReleaseResult | null>;
}

/**
 * The release editor. Every field is controlled, so neither a failed save nor a refresh of the
 * page around it loses what was typed; rules are checked as the user types (release-rules.ts)
 * and again on the server, whose per-field issues are shown until the field changes; a refused
 * save lists them all in a summary above the form. A draft saves itself; a new release is kept
 * in the browser until its first save, which its first image makes too; the preview after the
 * form shows the portal page as it will be.
 */
export function ReleaseForm({
  releaseId,
  initial,
  newsrooms,
  categories,
  placementLocked = false,
  canSubmit,
  autosave: autosaveEnabled = false,
  documentsToAccept = [],
  images,
  action,
}: Props) {
  const router = useRouter();
  const [values, setValues] = useState(initial);
  const [newReleaseKey] = useState(() => crypto.randomUUID());
  const [touched, setTouched] = useState<Partial<Record<ReleaseField, boolean>>>({});
  const [sent, setSent] = useState<ReleaseFormValues | null>(null);
  const [result, dispatch, pending] = useActionState(action, null);
  // The error summary: the fields a refused save named (a fixed one leaves it, a new one waits
  // for the next save, so it does not jump while the customer types); `attempt` moves focus to it.
  const [summaryFields, setSummaryFields] = useState<readonly string[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [accepted, setAccepted] = useState<ReadonlySet<string>>(new Set());
  const [legalIssue, setLegalIssue] = useState<string | undefined>();
  // The editor is seeded once; restoring a local copy seeds a new one.
  const [editorSeed, setEditorSeed] = useState({ key: 0, html: initial.body });
  const [previewHtml, setPreviewHtml] = useState(initial.body);
  const [previewOpen, setPreviewOpen] = useState(false);
  const allAccepted = documentsToAccept.every((d) => accepted.has(documentKey(d)));
  const hydrated = useHydrated();

  const newsroom = newsrooms.find((n) => String(n.id) === values.companyId);
  const portals = newsroom?.portals ?? [];
  const portalCategories = categories.filter((c) => c.portal === values.portal);
  const category = categories.find((c) => String(c.id) === values.categoryId && c.portal === values.portal);
  const clientIssues = validateReleaseForm(values);
  // A new release saved as a draft for its first image; the form goes on as that draft's.
  const imageDraft = useImageDraft({
    newReleaseKey,
    current: () => ({ values: latest.current.values, issues: latest.current.clientIssues }),
    save: (input) => action(null, input),
    onStart: () => autosave.pause(),
    onAnswer: (saved, reply) => {
      autosave.resume(reply.ok ? saved : null);
      setSent(saved);
    },
    onRefused: (issues, focus) => refuse(focus, issues),
    onSaved: () => localDraft.clear(),
  });
  const savedId = imageDraft.savedId;
  const currentId = releaseId ?? savedId;
  const autosaveOn = !!currentId && (autosaveEnabled || savedId !== null);
  const autosave = useAutosave({
    enabled: autosaveOn,
    values,
    issues: clientIssues,
    save: (v) => action(null, { releaseId: currentId!, values: v, submit: false, autosave: true }),
  });
  const localDraft = useLocalDraft({ formId: currentId ? null : "new", values, initial });
  // A manual save ended: autosave goes on from what it stored; a failed first save keeps the local copy.
  const sentRef = useRef(sent);
  // What the form holds now, for a save that runs after an upload's await (its render's values may be old).
  const latest = useRef({ values, clientIssues });
  useEffect(() => {
    sentRef.current = sent;
    latest.current = { values, clientIssues };
  });
  const { resume } = autosave;
  const { keep } = localDraft;
  useEffect(() => {
    if (!result) return;
    resume(result.ok ? sentRef.current : null);
    if (!result.ok) keep();
  }, [result, resume, keep]);

  const answer = imageDraft.answer ?? result;
  const issueOf = (field: ReleaseField) => shownIssue(field, { touched, clientIssues, values, sent, serverIssues: answer?.issues });
  const summaryItems = releaseSummaryItems(
    Object.fromEntries(RELEASE_FIELDS.filter((f) => summaryFields.includes(f) || answer?.issues?.[f]).map((f) => [f, issueOf(f)])),
    legalIssue,
  );
  const touchAll = () => setTouched(Object.fromEntries(RELEASE_FIELDS.map((f) => [f, true])));
  /** A save was refused in the browser: every field says what is wrong, the summary lists them; `focus` moves there. */
  const refuse = (focus: boolean, issues: FieldIssues) => {
    touchAll();
    setSummaryFields(Object.keys(issues));
    if (focus) setAttempt((a) => a + 1);
  };

  const set = (field: ReleaseField, value: string) =>
    setValues((v) => {
      const next = { ...v, [field]: value };
      if (field === "companyId") {
        const n = newsrooms.find((x) => String(x.id) === value);
        if (n && !n.portals.includes(next.portal as "business" | "tech")) next.portal = n.portals[0] ?? "";
        // The newsroom's press contact comes along, unless the customer typed another one.
        const before = contactOf(newsrooms.find((x) => String(x.id) === v.companyId)?.contact);
        if (CONTACT_FIELDS.every((f) => v[f] === "" || v[f] === before[f])) Object.assign(next, contactOf(n?.contact));
      }
      // A category belongs to one portal; switching the portal clears a foreign one.
      if (
        (field === "portal" || field === "companyId") &&
        !categories.some((c) => String(c.id) === next.categoryId && c.portal === next.portal)
      )
        next.categoryId = "";
      return next;
    });
  const touch = (field: ReleaseField) => setTouched((t) => ({ ...t, [field]: true }));
  const bind = (field: ReleaseField) => ({
    id: field,
    name: field,
    value: values[field],
    onChange: (e: { target: { value: string } }) => set(field, e.target.value),
    onBlur: () => touch(field),
    ...describedBy(field, issueOf(field), field === "scheduledAt" || field === "location"),
  });

  function restoreLocalCopy() {
    const restored = localDraft.restore();
    if (!restored) return;
    setValues(restored);
    setPreviewHtml("");
    setEditorSeed((s) => ({ key: s.key + 1, html: restored.body }));
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const submit = (e.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === "submit";
    const legal = submit && !allAccepted ? "Bitte bestätigen Sie die Bedingungen, um einzureichen. Speichern geht auch ohne." : undefined;
    setLegalIssue(legal);
    if (hasIssues(clientIssues) || legal) return refuse(true, clientIssues);
    imageDraft.forget();
    setSent(values);
    autosave.pause();
    // A new release continues on its own page once saved; a failed save brings the copy back.
    if (!releaseId) localDraft.clear();
    const acceptDocuments = submit ? documentsToAccept.map(({ document, version }) => ({ document, version })) : [];
    startTransition(() =>
      dispatch({
        ...(releaseId ? { releaseId } : { newReleaseKey }),
        values,
        submit,
        ...(acceptDocuments.length ? { acceptDocuments } : {}),
      }),
    );
  }

  /** The image went to the new draft: continue on the draft's page, where it is listed, once what was typed since is saved too. */
  async function afterUpload() {
    const id = await imageDraft.save({ focusSummary: true });
    if (id) router.push(`/dashboard/releases/${id}`);
  }

  return (
    <div className={styles.layout} data-preview={previewOpen ? "open" : "closed"}>
      <form className="form release-form" onSubmit={onSubmit} method="post" noValidate aria-label="Pressemitteilung bearbeiten">
        {localDraft.offer ? (
          <Notice
            tone="warning"
            role="status"
            actions={
              <>
                <Button type="button" variant="secondary" onClick={restoreLocalCopy}>
                  Ungespeicherten Entwurf wiederherstellen
                </Button>
                <Button type="button" variant="link" onClick={localDraft.discard}>
                  Verwerfen
                </Button>
              </>
            }
          >
            Auf diesem Gerät liegt ein ungespeicherter Entwurf vom {formatBerlin(localDraft.offer.savedAt)}.
          </Notice>
        ) : null}
        {/* The draft saved for an image says so beside the image; a refusal of the save shows here. */}
        {summaryItems.length ? (
          <ReleaseErrorSummary items={summaryItems} attempt={attempt} answer={result} />
        ) : answer?.issues || imageDraft.answer?.ok ? null : (
          <FormMessage result={answer} />
        )}
        <div className="form-grid">
          <Field id="companyId" label="Newsroom" issue={issueOf("companyId")}>
            <select {...bind("companyId")} disabled={!!releaseId || newsrooms.length < 2}>
              {newsrooms.map((n) => (
                <option key={n.id} value={n.id}>
                  {n.name}
                </option>
              ))}
            </select>
          </Field>
          <Field id="portal" label="Portal" issue={issueOf("portal")}>
            <select {...bind("portal")} disabled={placementLocked || portals.length < 2}>
              {portals.map((p) => (
                <option key={p} value={p}>
                  {PORTAL_LABELS[p]}
                </option>
              ))}
            </select>
          </Field>
          <Field id="language" label="Sprache" issue={issueOf("language")}>
            <select {...bind("language")} disabled={placementLocked}>
              <option value="de">Deutsch</option>
              <option value="en">Englisch</option>
            </select>
          </Field>
          <Field id="categoryId" label="Kategorie" issue={issueOf("categoryId")}>
            <select {...bind("categoryId")}>
              <option value="">Bitte wählen …</option>
              {portalCategories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field id="title" label="Überschrift" issue={issueOf("title")}>
          <input {...bind("title")} type="text" maxLength={250} />
        </Field>
        <Field id="lead" label="Vorspann (optional)" issue={issueOf("lead")}>
          <input {...bind("lead")} type="text" maxLength={600} />
        </Field>
        <ReleaseBodyField
          key={editorSeed.key}
          initialHtml={editorSeed.html}
          body={values.body}
          issue={issueOf("body")}
          onChange={(body) => set("body", body)}
          onHtml={setPreviewHtml}
          onBlur={() => touch("body")}
        />
        <AiDeclarationField
          value={values.aiDeclaration}
          issue={issueOf("aiDeclaration")}
          onChange={(v) => set("aiDeclaration", v)}
          onBlur={() => touch("aiDeclaration")}
        />
        <div className="form-grid">
          <Field id="location" label="Ortsmarke" issue={issueOf("location")} hint="Der Ort, aus dem die Meldung stammt, z. B. Hamburg.">
            <input {...bind("location")} type="text" maxLength={220} />
          </Field>
          <Field
            id="scheduledAt"
            label="Veröffentlichen am (optional)"
            issue={issueOf("scheduledAt")}
            hint="Deutsche Zeit. Leer lassen: gleich nach bestandener Prüfung."
          >
            <input {...bind("scheduledAt")} type="datetime-local" />
          </Field>
        </div>
        <div className="form-grid">
          <Field id="contactName" label="Pressekontakt: Name" issue={issueOf("contactName")}>
            <input {...bind("contactName")} type="text" autoComplete="name" maxLength={220} />
          </Field>
          <Field id="contactEmail" label="Pressekontakt: E-Mail" issue={issueOf("contactEmail")}>
            <input {...bind("contactEmail")} type="email" autoComplete="email" maxLength={320} />
          </Field>
          <Field id="contactPhone" label="Pressekontakt: Telefon (optional)" issue={issueOf("contactPhone")}>
            <input {...bind("contactPhone")} type="tel" autoComplete="tel" maxLength={60} />
          </Field>
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
        <FormActions>
          <Button type="submit" name="intent" value="save" variant="secondary" disabled={!hydrated || pending}>
            Speichern
          </Button>
          {canSubmit ? (
            <Button type="submit" name="intent" value="submit" disabled={!hydrated || pending}>
              Speichern und zur Prüfung einreichen
            </Button>
          ) : null}
          {pending ? <span className="meta">Wird gespeichert …</span> : null}
        </FormActions>
        {autosaveOn ? (
          <p className="meta autosave-status" role="status">
            {autosaveText(autosave.state)}
          </p>
        ) : null}
      </form>
      <div className={styles.previewColumn}>
        {/* The module hides the toggle on wide screens, where the preview always shows after the form. */}
        <Button
          type="button"
          variant="secondary"
          className={styles.previewToggle}
          aria-expanded={previewOpen}
          aria-controls="release-preview"
          onClick={() => setPreviewOpen((o) => !o)}
        >
          Vorschau
        </Button>
        <ReleasePreview
          id="release-preview"
          values={values}
          bodyHtml={previewHtml}
          newsroomName={newsroom?.name ?? ""}
          categoryName={category ? (values.language === "en" ? category.nameEn : category.name) : null}
        />
      </div>
      {images && !releaseId ? (
        <NewReleaseImages
          saveDraft={() => imageDraft.save({ focusSummary: true })}
          onChosen={() => void imageDraft.save({ focusSummary: false })}
          state={imageDraft.state}
          onUploaded={() => void afterUpload()}
          confirmText={images.confirmText}
          maxBytes={images.maxBytes}
        />
      ) : null}
    </div>
  );
}
