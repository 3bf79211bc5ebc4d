"use client";

import { useActionState, useId } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { Notice } from "@/components/ui/notice";
import type { ActionResult } from "@/lib/core/forms/action-result";

type Action = (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;

/** The service removes an image with a stated reason (kept in the signed image_removed entry). */
export function ImageRemoveForm({ imageId, action }: { imageId: number; action: Action }) {
  const [result, dispatch, pending] = useActionState<ActionResult | null, FormData>(action, null);
  const id = useId();
  return (
    <details className="image-remove">
      <summary>Bild entfernen</summary>
      <form action={dispatch} className="form" aria-label={`Bild ${imageId} entfernen`}>
        <input type="hidden" name="imageId" value={imageId} />
        <Field id={`${id}-reason`} label="Grund der Entfernung">
          <input
            id={`${id}-reason`}
            name="reason"
            required
            minLength={3}
            maxLength={500}
            aria-invalid={result?.issues?.reason ? true : undefined}
          />
        </Field>
        <p className="hint">War das Bild öffentlich, verschwindet es von Seiten und Feeds; Original und Nachweise bleiben gespeichert.</p>
        <FormActions>
          <Button type="submit" variant="danger" disabled={pending}>
            Entfernen
          </Button>
        </FormActions>
        <div role="status" aria-live="polite">
          {result?.message ? <Notice tone={result.ok ? "success" : "error"}>{result.message}</Notice> : null}
        </div>
      </form>
    </details>
  );
}
