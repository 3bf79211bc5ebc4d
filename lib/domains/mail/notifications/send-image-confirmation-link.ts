import { db, type DbOrTx } from "@/lib/core/db/client";
import { recipientLanguage } from "../recipient-language";
import { sendMail } from "../send-mail";
import { imageConfirmationMail } from "../templates/image-confirmation";

export interface SendImageConfirmationLinkOptions {
  userId: number;
  releaseId: number;
  /** The confirmation page of a link of purpose `image_confirmation`, made by the caller in the same transaction. */
  link: { url: string; expiresAt: Date };
}

/**
 * Customer image confirmation by link (spec 6.3). The caller creates the link (its payload
 * names the release and image, so the confirmation is attributed to them) and passes the
 * transaction, so no link exists without its mail (lib/domains/images/owner-confirmations.ts).
 */
export async function sendImageConfirmationLink(opts: SendImageConfirmationLinkOptions, client: DbOrTx = db): Promise<{ mailId: number }> {
  const user = await client.user.findUniqueOrThrow({ where: { id: opts.userId }, select: { email: true, locale: true } });
  const release = await client.pressRelease.findUniqueOrThrow({ where: { id: opts.releaseId }, select: { title: true, language: true } });
  const mail = await imageConfirmationMail({
    language: recipientLanguage({ userLocale: user.locale, releaseLanguage: release.language }),
    releaseTitle: release.title,
    url: opts.link.url,
    expiresAt: opts.link.expiresAt,
  });
  const { id } = await sendMail({ to: user.email, ...mail, mailType: "image_confirmation" }, client);
  return { mailId: id };
}
