import { db, type DbOrTx } from "@/lib/core/db/client";
import { isPubliclyVisibleRelease } from "@/lib/domains/releases/visibility";
import { getSiteHosts, releaseUrl } from "@/lib/domains/sites";
import { recipientLanguage } from "@/lib/domains/mail/recipient-language";
import { sendMail } from "@/lib/domains/mail/send-mail";
import { legalRequestExecutedMail } from "@/lib/domains/mail/templates/legal-request-executed";

/**
 * `LegalRequestExecuted` (spec 4.4, 6.3) to whoever filed the request, once it is carried out.
 * The requester may have no account: then the release's language decides. The release's title
 * is named only if the public ever saw the release (never one still under embargo or never
 * published: the requester may be a stranger), its link only while it is public (not after a
 * depublication). Pass the transaction that records the execution.
 */
export async function notifyLegalRequestExecuted(
  opts: { legalRequestId: number; now?: Date },
  client: DbOrTx = db,
): Promise<{ mailId: number }> {
  const request = await client.legalRequest.findUniqueOrThrow({
    where: { id: opts.legalRequestId },
    select: {
      id: true,
      reference: true,
      track: true,
      requesterEmail: true,
      requesterUserId: true,
      decisionNote: true,
      pressReleaseId: true,
    },
  });
  const requester = request.requesterUserId
    ? await client.user.findUnique({ where: { id: request.requesterUserId }, select: { locale: true } })
    : null;
  const release = request.pressReleaseId
    ? await client.pressRelease.findUnique({
        where: { id: request.pressReleaseId },
        select: { id: true, title: true, portal: true, language: true, slug: true, publishedEverAt: true },
      })
    : null;
  const now = opts.now ?? new Date();
  const isPublic = !!release && (await isPubliclyVisibleRelease(client, release.id, now));
  const wasPublic = isPublic || (!!release?.publishedEverAt && release.publishedEverAt <= now);
  const mail = await legalRequestExecutedMail({
    language: recipientLanguage({ userLocale: requester?.locale, releaseLanguage: release?.language }),
    reference: request.reference,
    track: request.track,
    releaseId: release?.id ?? null,
    releaseTitle: release && wasPublic ? release.title : null,
    publicUrl: release && isPublic ? releaseUrl(release, getSiteHosts()) : null,
    note: request.decisionNote,
  });
  const { id } = await sendMail({ to: request.requesterEmail, ...mail, mailType: "legal_request_executed" }, client);
  return { mailId: id };
}
