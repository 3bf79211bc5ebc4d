"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FormActions } from "@/components/ui/form-actions";
import { Notice } from "@/components/ui/notice";
import type { ActionResult } from "@/lib/core/forms/action-result";

type Action = (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;

/**
 * The owner's confirmation of one image: the full wording as the checkbox's label, one button.
 * Once confirmed, the form gives way to the answer in the same live region.
 */
export function ImageConfirmForm({
  imageId,
  confirmText,
  action,
}: {
  imageId: number;
  confirmText: { key: string; body: string };
  action: Action;
}) {
  const [result, dispatch, pending] = useActionState(action, null);
  const boxId = `confirm-${imageId}`;
  const issue = result?.issues?.rights_confirmed;
  return (
    <>
      <div role="status" aria-live="polite">
        {result?.ok ? <Notice tone="success">{result.message}</Notice> : null}
      </div>
      {result?.ok ? null : (
        <form action={dispatch} className="form image-confirm-form" aria-label="Bildrechte bestätigen" noValidate>
          <input type="hidden" name="confirm_text_version" value={confirmText.key} />
          <fieldset className="legal-accept image-rights">
            <legend>Bildrechte</legend>
            <label className="image-rights-label" htmlFor={boxId}>
              <input
                id={boxId}
                type="checkbox"
                name="rights_confirmed"
                value="true"
                required
                aria-invalid={issue ? true : undefined}
                aria-describedby={issue ? `${boxId}-issue` : undefined}
              />
              <span className="image-rights-text">{confirmText.body}</span>
            </label>
            {issue ? (
              <p className="issue" id={`${boxId}-issue`}>
                {issue}
              </p>
            ) : null}
          </fieldset>
          {result?.message && !issue ? (
            <Notice tone="error" role="alert" detail={result.detail}>
              {result.message}
            </Notice>
          ) : null}
          <FormActions>
            <Button type="submit" disabled={pending}>
              {pending ? "Wird bestätigt …" : "Rechte bestätigen"}
            </Button>
          </FormActions>
        </form>
      )}
    </>
  );
}
