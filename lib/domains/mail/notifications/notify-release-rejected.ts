import { db, type DbOrTx } from "@/lib/core/db/client";
import { sendMail } from "../send-mail";
import { rejectionMail, returnedMail } from "../templates/rejected";
import { releaseForAuthorMail } from "./release-author";

/**
 * The rejection mail (spec 3.1, opt-out type "rejected") after a red automatic check, with the
 * reasons and the attempt counter; queued in the transaction that rejects the release.
 */
export async function notifyReleaseRejected(
  opts: { releaseId: number; attempt: number; maxAttempts: number; reasons: { message: string }[] },
  client: DbOrTx = db,
): Promise<{ mailId: number } | null> {
  const found = await releaseForAuthorMail(client, opts.releaseId);
  if (!found) return null;
  const mail = await rejectionMail({
    to: found.to,
    language: found.language,
    releaseId: opts.releaseId,
    title: found.release.title,
    attempt: opts.attempt,
    maxAttempts: opts.maxAttempts,
    reasons: opts.reasons,
  });
  const { id } = await sendMail({ to: found.to, ...mail, mailType: "rejected" }, client);
  return { mailId: id };
}

/** An editor's "return with a comment": the comment reaches the author, under the same opt-out type. */
export async function notifyReleaseReturned(
  opts: { releaseId: number; comment: string },
  client: DbOrTx = db,
): Promise<{ mailId: number } | null> {
  const found = await releaseForAuthorMail(client, opts.releaseId);
  if (!found) return null;
  const mail = await returnedMail({
    to: found.to,
    language: found.language,
    releaseId: opts.releaseId,
    title: found.release.title,
    comment: opts.comment,
  });
  const { id } = await sendMail({ to: found.to, ...mail, mailType: "rejected" }, client);
  return { mailId: id };
}
