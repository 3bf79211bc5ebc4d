import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { getLimiter, secondsUntil } from "@/lib/core/ratelimit/limiter";
import { assertPlausibleMailDomains } from "@/lib/domains/mail/domain-checks/domain-issues";
import { lockRelease } from "../lock";
import { releaseForPreviews } from "./preview-access";
import { checkPreviewRecipient, PREVIEW_LIMITS } from "./preview-input";
import { previewLinkSelect, previewLinkView, type PreviewLinkView } from "./preview-link-view";
import { sendPreviewMail } from "./preview-mail";
import { decidePreview, PREVIEWABLE_STATUSES } from "./preview-state";
import { hashPreviewToken, newPreviewToken, previewUrl } from "./preview-token";

export interface CreatePreviewLinkOptions {
  userId: number;
  releaseId: number;
  recipientName: string;
  recipientEmail: string;
  outlet: string;
  /** An end the sender sets; without one the link lasts until the publication. */
  expiresAt?: Date | null;
  /** Mail the link to the recipient with the embargo notice. */
  mail?: boolean;
  now?: Date;
}

export interface CreatedPreviewLink {
  link: PreviewLinkView;
  /** The token, in this answer only: the database keeps its hash. */
  token: string;
  url: string;
}

/** Why a link cannot be made now; the dashboard words each. */
export type PreviewRefusal = "not_previewable" | "too_many_links";

const refused = (reason: PreviewRefusal, message: string) => new AppError("conflict", message, { reason });

/**
 * A preview link for one recipient of a release in review or scheduled (docs/previews.md), by
 * someone who manages the newsroom's releases. Link, mail and mailed_at commit together.
 */
export async function createPreviewLink(opts: CreatePreviewLinkOptions): Promise<CreatedPreviewLink> {
  const now = opts.now ?? new Date();
  const recipient = checkPreviewRecipient(
    { recipientName: opts.recipientName, recipientEmail: opts.recipientEmail, outlet: opts.outlet, expiresAt: opts.expiresAt ?? null },
    now,
  );
  // Before any lock: a stranger takes none.
  await releaseForPreviews(opts.userId, opts.releaseId);
  if (opts.mail)
    await assertPlausibleMailDomains(
      { recipientEmail: recipient.recipientEmail },
      {
        message: "Diese Adresse kann keine E-Mails empfangen. Bitte prüfen Sie sie.",
        summary: "The recipient's address cannot receive mail.",
      },
    );
  // Counted after the checks: a refused attempt spends nothing.
  const budget = await getLimiter("previewCreate").limit(`user:${opts.userId}`);
  if (!budget.success)
    throw new AppError("rate_limited", "Too many preview links in a short time.", undefined, undefined, {
      "Retry-After": String(secondsUntil(budget.reset)),
    });

  const token = newPreviewToken();
  const url = previewUrl(token);
  return db.$transaction(async (tx) => {
    // The release's lock serializes the links of one release, so the limit holds under
    // concurrent requests, and no move (withdrawal, rejection) slips between the check and the
    // commit. The rights are read again under it: a role taken away a moment ago counts.
    await lockRelease(tx, opts.releaseId);
    const release = await releaseForPreviews(opts.userId, opts.releaseId, tx);
    const decision = decidePreview({ revokedAt: null, expiresAt: null }, release, false, now);
    if (!PREVIEWABLE_STATUSES.includes(release.status) || decision.kind !== "show")
      throw refused("not_previewable", "Preview links are made for releases in review or scheduled.");
    if ((await tx.previewLink.count({ where: { pressReleaseId: release.id } })) >= PREVIEW_LIMITS.perRelease)
      throw refused("too_many_links", `A release has at most ${PREVIEW_LIMITS.perRelease} preview links.`);
    const row = await tx.previewLink.create({
      data: {
        pressReleaseId: release.id,
        tokenHash: hashPreviewToken(token),
        recipientName: recipient.recipientName,
        recipientEmail: recipient.recipientEmail,
        outlet: recipient.outlet,
        expiresAt: recipient.expiresAt,
        createdByUserId: opts.userId,
        createdAt: now,
      },
      select: previewLinkSelect,
    });
    if (opts.mail) {
      const content = await tx.pressRelease.findUniqueOrThrow({
        where: { id: release.id },
        select: { title: true, language: true, contactEmail: true, company: { select: { name: true } } },
      });
      await sendPreviewMail(tx, {
        linkId: row.id,
        to: recipient.recipientEmail,
        recipientName: recipient.recipientName,
        url,
        expiresAt: recipient.expiresAt,
        release: {
          title: content.title,
          language: content.language,
          contactEmail: content.contactEmail,
          companyName: content.company.name,
        },
        embargoAt: decision.embargoAt,
        now,
      });
    }
    const link = { ...row, mailedAt: opts.mail ? now : null };
    return { link: previewLinkView(link, release, false, now), token, url };
  });
}
