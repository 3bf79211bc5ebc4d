import { db, type DbOrTx } from "@/lib/core/db/client";
import { sendMail } from "../send-mail";
import { changeAppliedMail } from "../templates/change-applied";
import { releaseForAuthorMail } from "./release-author";

/**
 * `PressReleaseChangeApplied` (spec 4.5, 6.3) to the release's author once the paid change is
 * live. A hook for the paid-change webhook: no caller yet except tests. Pass the transaction
 * that applies the change, so the mail goes out only if the change does.
 */
export async function notifyChangeApplied(opts: { releaseId: number }, client: DbOrTx = db): Promise<{ mailId: number } | null> {
  const found = await releaseForAuthorMail(client, opts.releaseId);
  if (!found) return null;
  const { release, to, language } = found;
  const mail = await changeAppliedMail({ language, releaseId: release.id, title: release.title, publicUrl: release.publicUrl });
  const { id } = await sendMail({ to, ...mail, mailType: "press_release_change_applied" }, client);
  return { mailId: id };
}
