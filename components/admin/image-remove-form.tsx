"use client";

import { useActionState, useId } from "react";
import type { ActionResult } from "@/lib/forms/action-result";

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
        <div className="field">
          <label htmlFor={`${id}-reason`}>Grund der Entfernung</label>
          <input id={`${id}-reason`} name="reason" required minLength={3} maxLength={500} aria-invalid={result?.issues?.reason ? true : undefined} />
        </div>
        <p className="hint">War das Bild öffentlich, verschwindet es von Seiten und Feeds; Original und Nachweise bleiben gespeichert.</p>
        <div className="button-row">
          <button type="submit" className="button danger" disabled={pending}>
            Entfernen
          </button>
        </div>
        <div role="status" aria-live="polite">
          {result?.message ? <p className={`form-message ${result.ok ? "success" : "error"}`}>{result.message}</p> : null}
        </div>
      </form>
    </details>
  );
}
