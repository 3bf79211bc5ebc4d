import { db, type DbOrTx } from "@/lib/core/db/client";
import { sendMail } from "../send-mail";
import { releaseCorrectedMail } from "../templates/release-corrected";
import { releaseForAuthorMail } from "./release-author";

/**
 * `press_release_corrected` (spec 6.3) to the release's author after a published release was
 * corrected; the author may opt out of these. A hook for the legal/correction flow: no caller
 * yet except tests. Pass the transaction that stores the correction.
 */
export async function notifyReleaseCorrected(
  opts: { releaseId: number; note?: string | null },
  client: DbOrTx = db,
): Promise<{ mailId: number } | null> {
  const found = await releaseForAuthorMail(client, opts.releaseId);
  if (!found) return null;
  const { release, to, language } = found;
  const mail = await releaseCorrectedMail({
    to,
    language,
    releaseId: release.id,
    title: release.title,
    publicUrl: release.publicUrl,
    note: opts.note ?? null,
  });
  const { id } = await sendMail({ to, ...mail, mailType: "press_release_corrected" }, client);
  return { mailId: id };
}
