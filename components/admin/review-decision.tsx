"use client";

import { startTransition, useActionState, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { FormMessage } from "@/components/ui/form-message";
import { Notice } from "@/components/ui/notice";
import type { ActionResult } from "@/lib/core/forms/action-result";

type Action = (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;

/**
 * "Freigeben" or "Zurückgeben" for one release of the queue. A quota warning turns into a
 * second, explicit button; the return comment is kept in state so an error never loses it.
 */
export function ReviewDecision({
  releaseId,
  reviewFingerprint,
  approve,
  giveBack,
}: {
  releaseId: number;
  reviewFingerprint: string;
  approve: Action;
  giveBack: Action;
}) {
  const [approved, approveAction, approving] = useActionState(approve, null);
  const [returned, returnAction, returning] = useActionState(giveBack, null);
  const [comment, setComment] = useState("");
  const busy = approving || returning;
  const quotaWarning = approved?.code === "quota_exceeded";

  function onReturn(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    startTransition(() => returnAction(form));
  }

  return (
    <div className="form">
      {quotaWarning ? (
        <Notice
          tone="warning"
          role="alert"
          actions={
            <form action={approveAction}>
              <input type="hidden" name="acknowledgeQuotaWarning" value="1" />
              <input type="hidden" name="reviewFingerprint" value={reviewFingerprint} />
              <Button type="submit" disabled={busy}>
                Trotz Kontingentwarnung veröffentlichen
              </Button>
            </form>
          }
        >
          {approved?.message} Sie können trotzdem veröffentlichen; die Veröffentlichung wird dem Kontingent zugerechnet.
        </Notice>
      ) : (
        <FormMessage result={approved} />
      )}
      <form action={approveAction}>
        {/* What was shown: an approval of a version the admin did not see is refused. */}
        <input type="hidden" name="reviewFingerprint" value={reviewFingerprint} />
        <FormActions>
          <Button type="submit" disabled={busy}>
            Freigeben
          </Button>
        </FormActions>
      </form>
      <form onSubmit={onReturn} className="form" method="post">
        <Field id={`comment-${releaseId}`} label="Kommentar für die Rückgabe" issue={returned?.issues?.comment}>
          <textarea
            id={`comment-${releaseId}`}
            name="comment"
            rows={3}
            required
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            {...describedBy(`comment-${releaseId}`, returned?.issues?.comment)}
          />
        </Field>
        <FormActions>
          <Button type="submit" variant="secondary" disabled={busy}>
            Zurückgeben
          </Button>
        </FormActions>
      </form>
      {returned && !returned.issues ? <FormMessage result={returned} /> : null}
    </div>
  );
}
