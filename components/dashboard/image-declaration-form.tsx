"use client";

import { useActionState, useId } from "react";
import type { ActionResult } from "@/lib/forms/action-result";
import type { ImageResource } from "@/lib/images/image-resource";
import { AI_DECLARATION_LABELS } from "./image-labels";

type Action = (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;

/**
 * Corrects what is said about an image: credit, alt text, AI declaration. The og image is
 * rendered again with the new credit. `reasonRequired` for the service's corrections of
 * published images, which are kept with their reason.
 */
export function ImageDeclarationForm({ image, action, reasonRequired }: { image: ImageResource; action: Action; reasonRequired: boolean }) {
  const [result, dispatch, pending] = useActionState<ActionResult | null, FormData>(action, null);
  const id = useId();
  const issue = (name: string) => (result?.issues?.[name] ? <p className="field-error" id={`${id}-${name}-issue`}>{result.issues[name]}</p> : null);
  return (
    <details className="image-declaration">
      <summary>Bildnachweis korrigieren</summary>
      <form action={dispatch} className="form" aria-label={`Bildnachweis korrigieren: Bild ${image.id}`}>
        <input type="hidden" name="imageId" value={image.id} />
        <div className="field">
          <label htmlFor={`${id}-copyright`}>Urheber / Bildnachweis</label>
          <input id={`${id}-copyright`} name="copyright" defaultValue={image.customerStatement ?? ""} required minLength={2} maxLength={200} aria-invalid={result?.issues?.copyright ? true : undefined} aria-describedby={result?.issues?.copyright ? `${id}-copyright-issue` : undefined} />
          {issue("copyright")}
        </div>
        <div className="field">
          <label htmlFor={`${id}-alt`}>Bildbeschreibung (Alternativtext)</label>
          <input id={`${id}-alt`} name="alt" defaultValue={image.alt ?? ""} maxLength={300} aria-invalid={result?.issues?.alt ? true : undefined} aria-describedby={result?.issues?.alt ? `${id}-alt-issue` : undefined} />
          {issue("alt")}
        </div>
        <div className="field">
          <label htmlFor={`${id}-ai`}>KI beim Bild</label>
          <select id={`${id}-ai`} name="ai_declaration" defaultValue={image.aiDeclaration ?? ""}>
            <option value="">keine Angabe (unverändert)</option>
            {Object.entries(AI_DECLARATION_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-reason`}>Grund{reasonRequired ? "" : " (optional)"}</label>
          <input id={`${id}-reason`} name="reason" required={reasonRequired} minLength={reasonRequired ? 3 : undefined} maxLength={500} aria-invalid={result?.issues?.reason ? true : undefined} aria-describedby={result?.issues?.reason ? `${id}-reason-issue` : undefined} />
          {issue("reason")}
        </div>
        <div className="button-row">
          <button type="submit" className="button secondary" disabled={pending}>
            Korrektur speichern
          </button>
        </div>
        <div role="status" aria-live="polite">
          {result?.message ? <p className={`form-message ${result.ok ? "success" : "error"}`}>{result.message}</p> : null}
        </div>
      </form>
    </details>
  );
}
