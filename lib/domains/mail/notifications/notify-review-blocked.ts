import { db, type DbOrTx } from "@/lib/core/db/client";
import { sendMail } from "../send-mail";
import { reviewBlockedMail } from "../templates/review-blocked";
import { releaseForAuthorMail } from "./release-author";

export interface NotifyReviewBlockedOptions {
  releaseId: number;
  attempt: number;
  maxAttempts: number;
  reasons: { message: string }[];
}

/**
 * The blocked-review notice (spec 3.1 row 2, 6.3): the last allowed automatic check was red
 * and the release now waits for a person. Queued in the transaction that flags the release,
 * so a check that is discarded or rolled back sends nothing.
 */
export async function notifyReviewBlocked(opts: NotifyReviewBlockedOptions, client: DbOrTx = db): Promise<{ mailId: number } | null> {
  const found = await releaseForAuthorMail(client, opts.releaseId);
  if (!found) return null;
  const mail = await reviewBlockedMail({
    language: found.language,
    releaseId: opts.releaseId,
    title: found.release.title,
    attempt: opts.attempt,
    maxAttempts: opts.maxAttempts,
    reasons: opts.reasons,
  });
  const { id } = await sendMail({ to: found.to, ...mail, mailType: "review_blocked" }, client);
  return { mailId: id };
}
