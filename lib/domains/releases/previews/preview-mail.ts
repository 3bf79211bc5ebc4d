import type { Tx } from "@/lib/core/db/client";
import { recipientLanguage } from "@/lib/domains/mail/recipient-language";
import { sendMail } from "@/lib/domains/mail/send-mail";
import { releasePreviewMail } from "@/lib/domains/mail/templates/release-preview";

export interface PreviewMailOptions {
  linkId: number;
  to: string;
  recipientName: string;
  url: string;
  expiresAt: Date | null;
  release: { title: string; language: "de" | "en"; contactEmail: string | null; companyName: string };
  embargoAt: Date | null;
  now: Date;
}

/**
 * Mails a new preview link to its recipient through the one mail pipeline, inside the
 * transaction that made the link: no link is mailed that did not commit, and mailed_at says it
 * went out. The recipient has no account, so the release's language decides the mail's
 * (lib/domains/mail/recipient-language.ts). A reply goes to the release's press contact.
 * Suppression applies at send time, as for every mail.
 */
export async function sendPreviewMail(tx: Tx, opts: PreviewMailOptions): Promise<void> {
  const mail = await releasePreviewMail({
    language: recipientLanguage({ releaseLanguage: opts.release.language }),
    recipientName: opts.recipientName,
    newsroomName: opts.release.companyName,
    releaseTitle: opts.release.title,
    url: opts.url,
    embargoAt: opts.embargoAt,
    expiresAt: opts.expiresAt,
  });
  await sendMail(
    { to: opts.to, ...mail, mailType: "release_preview", ...(opts.release.contactEmail ? { replyTo: opts.release.contactEmail } : {}) },
    tx,
  );
  await tx.previewLink.update({ where: { id: opts.linkId }, data: { mailedAt: opts.now } });
}
