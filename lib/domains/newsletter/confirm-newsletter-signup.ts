import { hashLinkToken, isWellFormedLinkToken } from "@/lib/domains/accounts/login-links/link-token";
import { db } from "@/lib/core/db/client";
import type { Language } from "@/lib/generated/prisma/client";
import { NewsletterConfirmLinkInvalidError } from "./errors";
import { liftOptOut } from "@/lib/domains/mail/suppression";
import { linkableUserId } from "./link-subscriber-account";

/**
 * Redeems a confirmation link (by a button's POST, never on page load): the subscription counts
 * from now, an earlier unsubscribe is undone, and the address's account is linked if it has one.
 * Race: the link redeemed twice at once; the update is conditional on the token hash, so the
 * second one matches nothing and gets the same "invalid" answer as a used link.
 */
export async function confirmNewsletterSignup(input: { token: string; now?: Date }): Promise<{ language: Language }> {
  const now = input.now ?? new Date();
  if (!isWellFormedLinkToken(input.token)) throw new NewsletterConfirmLinkInvalidError();
  const tokenHash = hashLinkToken(input.token);
  return db.$transaction(async (tx) => {
    const sub = await tx.newsletterSubscriber.findUnique({
      where: { confirmTokenHash: tokenHash },
      select: { id: true, email: true, userId: true, language: true, confirmExpiresAt: true },
    });
    if (!sub?.confirmExpiresAt || sub.confirmExpiresAt <= now) throw new NewsletterConfirmLinkInvalidError();
    const { count } = await tx.newsletterSubscriber.updateMany({
      where: { id: sub.id, confirmTokenHash: tokenHash },
      data: {
        confirmedAt: now,
        unsubscribedAt: null,
        confirmTokenHash: null,
        confirmExpiresAt: null,
        userId: await linkableUserId(tx, sub),
      },
    });
    if (count !== 1) throw new NewsletterConfirmLinkInvalidError();
    await liftOptOut({ email: sub.email, scope: "newsletter" }, tx);
    return { language: sub.language };
  });
}
