"use client";

import { useRef } from "react";
import { ReleaseArticleView, type ReleaseViewContent } from "@/components/portal/release-article-view";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { REDACTION_LIMITS, normalizePassage } from "@/lib/domains/legal/requests/redaction";
import type { Edition } from "@/lib/domains/sites";

export interface RedactionPreview {
  title: string;
  lead: string | null;
  body: string;
}

export interface ReleaseForPreview extends ReleaseViewContent {
  language: Edition;
  publishedAt: Date;
  newsroomName: string;
  categoryName: string | null;
}

/**
 * The redaction track of the request modal: the passages (typed, or taken over from a selection
 * in the release's text), the required preview of the page as it would read, and the
 * confirmation that the customer checked it. The preview is computed here with the server's own
 * function (lib/domains/legal/requests/redaction.ts); the server computes it again and files the request
 * only if both agree.
 */
export function RequestRedactionFields({
  release,
  passages,
  onPassages,
  preview,
  previewErrors,
  onShowPreview,
  confirmed,
  onConfirmed,
  issues,
}: {
  release: ReleaseForPreview;
  passages: string;
  onPassages: (value: string) => void;
  preview: RedactionPreview | null;
  previewErrors: string[];
  onShowPreview: () => void;
  confirmed: boolean;
  onConfirmed: (value: boolean) => void;
  issues: Record<string, string> | undefined;
}) {
  const sourceRef = useRef<HTMLDivElement>(null);
  const passagesIssue = previewErrors.length ? previewErrors.join(" ") : issues?.["passages"];
  const previewIssue = issues?.["preview"];

  /** Appends the text selected inside the release's text as one more passage. */
  function takeSelection() {
    const selection = window.getSelection();
    const box = sourceRef.current;
    if (!selection || !box || selection.isCollapsed || !box.contains(selection.anchorNode) || !box.contains(selection.focusNode)) return;
    const picked = normalizePassage(selection.toString());
    if (!picked) return;
    const lines = passages
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean);
    if (!lines.includes(picked)) onPassages([...lines, picked].join("\n"));
  }

  return (
    <div className="request-redaction">
      <section className="request-source" aria-labelledby="request-source-heading">
        <h3 id="request-source-heading">Text der Pressemitteilung</h3>
        <p className="hint" id="request-source-hint">
          Markieren Sie hier eine Stelle mit der Maus und übernehmen Sie sie mit „Markierte Stelle übernehmen“, oder schreiben Sie die
          Stellen wörtlich in das Feld darunter.
        </p>
        {/* Focusable: the text scrolls inside the dialog, and keyboard users must reach it. */}
        <div
          ref={sourceRef}
          className="request-source-text release-body"
          lang={release.language}
          tabIndex={0}
          aria-describedby="request-source-hint"
          dangerouslySetInnerHTML={{ __html: release.body }}
        />
        <FormActions>
          <Button type="button" variant="secondary" onMouseDown={(e) => e.preventDefault()} onClick={takeSelection}>
            Markierte Stelle übernehmen
          </Button>
        </FormActions>
      </section>
      <Field
        id="request-passages"
        label="Zu entfernende Textstellen"
        hint={`Eine Stelle je Zeile, genau so, wie sie im Text steht. Jede Fundstelle wird durch „[entfernt]“ ersetzt, auch in Überschrift und Vorspann. Höchstens ${REDACTION_LIMITS.maxPassages} Stellen.`}
        issue={passagesIssue}
      >
        <textarea
          id="request-passages"
          name="passages"
          className="short-textarea"
          value={passages}
          onChange={(e) => onPassages(e.target.value)}
          required
          {...describedBy("request-passages", passagesIssue, true)}
        />
      </Field>
      <FormActions>
        <Button type="button" variant="secondary" onClick={onShowPreview}>
          Vorschau anzeigen
        </Button>
        {!preview ? <span className="meta">Ohne Vorschau lässt sich der Antrag nicht stellen.</span> : null}
      </FormActions>
      {preview ? (
        <section className="request-preview" aria-labelledby="request-preview-heading">
          <h3 id="request-preview-heading">Vorschau: So zeigt das Portal die Seite nach der Schwärzung</h3>
          <div className="release-preview-page request-preview-page" lang={release.language}>
            <ReleaseArticleView
              release={{ ...release, title: preview.title, lead: preview.lead, body: preview.body }}
              edition={release.language}
              publishedAt={release.publishedAt}
              newsroom={{ name: release.newsroomName }}
              category={release.categoryName ? { name: release.categoryName } : null}
              headingLevel={2}
            />
          </div>
          <input type="hidden" name="preview" value={preview.body} />
          <label className="checkbox request-confirm">
            <input
              type="checkbox"
              name="previewConfirmed"
              value="1"
              checked={confirmed}
              onChange={(e) => onConfirmed(e.target.checked)}
              required
              aria-describedby={previewIssue ? "request-preview-issue" : undefined}
            />
            Ich habe die Vorschau geprüft: So soll die Seite nach der Schwärzung aussehen.
          </label>
        </section>
      ) : null}
      {previewIssue ? (
        <p className="issue" id="request-preview-issue">
          {previewIssue}
        </p>
      ) : null}
    </div>
  );
}
