"use client";

import { useActionState, useId } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { Notice } from "@/components/ui/notice";
import type { ActionResult } from "@/lib/core/forms/action-result";
import type { ImageResource } from "@/lib/domains/images/image-resource";
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
  const issue = (name: string) => result?.issues?.[name];
  return (
    <details className="image-declaration">
      <summary>Bildnachweis korrigieren</summary>
      <form action={dispatch} className="form" aria-label={`Bildnachweis korrigieren: Bild ${image.id}`}>
        <input type="hidden" name="imageId" value={image.id} />
        <Field id={`${id}-copyright`} label="Urheber / Bildnachweis" issue={issue("copyright")}>
          <input
            id={`${id}-copyright`}
            name="copyright"
            defaultValue={image.customerStatement ?? ""}
            required
            minLength={2}
            maxLength={200}
            {...describedBy(`${id}-copyright`, issue("copyright"))}
          />
        </Field>
        <Field id={`${id}-alt`} label="Bildbeschreibung (Alternativtext)" issue={issue("alt")}>
          <input id={`${id}-alt`} name="alt" defaultValue={image.alt ?? ""} maxLength={300} {...describedBy(`${id}-alt`, issue("alt"))} />
        </Field>
        <Field id={`${id}-ai`} label="KI beim Bild">
          <select id={`${id}-ai`} name="ai_declaration" defaultValue={image.aiDeclaration ?? ""}>
            <option value="">keine Angabe (unverändert)</option>
            {Object.entries(AI_DECLARATION_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-reason`} label={`Grund${reasonRequired ? "" : " (optional)"}`} issue={issue("reason")}>
          <input
            id={`${id}-reason`}
            name="reason"
            required={reasonRequired}
            minLength={reasonRequired ? 3 : undefined}
            maxLength={500}
            {...describedBy(`${id}-reason`, issue("reason"))}
          />
        </Field>
        <FormActions>
          <Button type="submit" variant="secondary" disabled={pending}>
            Korrektur speichern
          </Button>
        </FormActions>
        <div role="status" aria-live="polite">
          {result?.message ? <Notice tone={result.ok ? "success" : "error"}>{result.message}</Notice> : null}
        </div>
      </form>
    </details>
  );
}
