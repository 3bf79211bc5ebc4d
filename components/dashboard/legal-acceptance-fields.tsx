"use client";

import type { LegalDocument } from "@/lib/domains/legal-terms/documents";

export const documentKey = (d: Pick<LegalDocument, "document" | "version">) => `${d.document}@${d.version}`;

/**
 * The documents a submission still needs accepted (LEGAL_ACCEPTANCE_GATE): one checkbox each,
 * naming the version the customer reads, so a version that changes meanwhile is refused.
 */
export function LegalAcceptanceFields({
  documents,
  accepted,
  onChange,
  issue,
}: {
  documents: readonly LegalDocument[];
  accepted: ReadonlySet<string>;
  onChange: (key: string, checked: boolean) => void;
  issue?: string | undefined;
}) {
  return (
    <fieldset className="legal-accept" aria-describedby={issue ? "legal-accept-issue" : "legal-accept-hint"}>
      <legend>Vor dem Einreichen bestätigen</legend>
      <p className="hint" id="legal-accept-hint">
        Diese Bedingungen sind neu oder wurden geändert. Zum Einreichen brauchen wir Ihre Zustimmung zur jeweils aktuellen Fassung; zum
        Speichern nicht.
      </p>
      {documents.map((d) => (
        <label key={documentKey(d)}>
          <input type="checkbox" checked={accepted.has(documentKey(d))} onChange={(e) => onChange(documentKey(d), e.target.checked)} /> Ich
          akzeptiere{" "}
          <a href={d.path} target="_blank" rel="noopener">
            {d.title}
          </a>{" "}
          (Fassung {d.version}).
        </label>
      ))}
      {issue ? (
        <p className="issue" id="legal-accept-issue">
          {issue}
        </p>
      ) : null}
    </fieldset>
  );
}
