"use client";

import { startTransition, useActionState, useState, type FormEvent } from "react";
import { FormMessage } from "@/components/ui/form-message";
import type { ActionResult } from "@/lib/forms/action-result";

type Action = (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;

/**
 * "Freigeben" or "Zurückgeben" for one release of the queue. A quota warning turns into a
 * second, explicit button; the return comment is kept in state so an error never loses it.
 */
export function ReviewDecision({ releaseId, reviewFingerprint, approve, giveBack }: { releaseId: number; reviewFingerprint: string; approve: Action; giveBack: Action }) {
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
        <div className="form-message warning" role="alert">
          {approved?.message} Sie können trotzdem veröffentlichen; die Veröffentlichung wird dem Kontingent zugerechnet.
          <form action={approveAction} className="button-row">
            <input type="hidden" name="acknowledgeQuotaWarning" value="1" />
            <input type="hidden" name="reviewFingerprint" value={reviewFingerprint} />
            <button type="submit" className="button" disabled={busy}>
              Trotz Kontingentwarnung veröffentlichen
            </button>
          </form>
        </div>
      ) : (
        <FormMessage result={approved} />
      )}
      <form action={approveAction} className="button-row">
        {/* What was shown: an approval of a version the admin did not see is refused. */}
        <input type="hidden" name="reviewFingerprint" value={reviewFingerprint} />
        <button type="submit" className="button" disabled={busy}>
          Freigeben
        </button>
      </form>
      <form onSubmit={onReturn} className="form" method="post">
        <div className="field">
          <label htmlFor={`comment-${releaseId}`}>Kommentar für die Rückgabe</label>
          <textarea
            id={`comment-${releaseId}`}
            name="comment"
            rows={3}
            required
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            aria-invalid={returned?.issues?.comment ? true : undefined}
            style={{ minHeight: "5rem" }}
          />
          {returned?.issues?.comment ? <p className="issue">{returned.issues.comment}</p> : null}
        </div>
        <div className="button-row">
          <button type="submit" className="button secondary" disabled={busy}>
            Zurückgeben
          </button>
        </div>
      </form>
      {returned && !returned.issues ? <FormMessage result={returned} /> : null}
    </div>
  );
}
