import { verifyAccountAddress } from "@/lib/domains/accounts/address-verification/verify-account-address";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { expireOpenLoginLinks, hashLinkToken, isWellFormedLinkToken } from "@/lib/domains/accounts/login-links";
import { db } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { sendMail } from "@/lib/domains/mail/send-mail";
import { recipientLanguage } from "@/lib/domains/mail/recipient-language";
import { addressChangedMail } from "@/lib/domains/mail/templates/email-change";
import { EmailAddressTakenError, EmailChangeLinkInvalidError } from "./errors";
import { maskEmail } from "@/lib/domains/mail/mask-email";

export interface ConfirmedEmailChange {
  userId: number;
  previousEmail: string;
  email: string;
}

/**
 * Redeems the confirmation link sent to the new address (spec 2.1): only now does the account
 * switch to it. In one transaction: the address swaps and counts as verified, the pending
 * fields clear, open login links of the account close (they may sit in the old mailbox, which
 * no longer speaks for the account), the previous address is told, and the activity entry is
 * written.
 */
export async function confirmEmailChange(input: { token: string; now?: Date }): Promise<ConfirmedEmailChange> {
  const now = input.now ?? new Date();
  if (!isWellFormedLinkToken(input.token)) throw new EmailChangeLinkInvalidError();
  const tokenHash = hashLinkToken(input.token);
  try {
    return await db.$transaction(async (tx) => {
      const user = await tx.user.findUnique({
        where: { pendingEmailTokenHash: tokenHash },
        select: {
          id: true,
          email: true,
          emailVerifiedAt: true,
          pendingEmail: true,
          pendingEmailExpiresAt: true,
          locale: true,
          isActive: true,
          deletedAt: true,
        },
      });
      if (!user?.pendingEmail || !user.pendingEmailExpiresAt || user.pendingEmailExpiresAt <= now || !user.isActive || user.deletedAt) {
        throw new EmailChangeLinkInvalidError();
      }
      const { pendingEmail: email, email: previousEmail } = user;
      // Closed while the account still has its old address, so links sent to it without a
      // user id are found too.
      await expireOpenLoginLinks(user.id, tx, now);
      // Race: the same link redeemed twice at once, or a newer request replacing it meanwhile.
      // The update is conditional on the token hash and the addresses we read; the second
      // redemption waits for the first's row lock, then matches nothing.
      const { count } = await tx.user.updateMany({
        where: { id: user.id, email: previousEmail, pendingEmail: email, pendingEmailTokenHash: tokenHash },
        data: {
          email,
          pendingEmail: null,
          pendingEmailTokenHash: null,
          pendingEmailExpiresAt: null,
          ...(user.emailVerifiedAt ? { emailVerifiedAt: now } : {}),
        },
      });
      if (count !== 1) throw new EmailChangeLinkInvalidError();
      // An account that never proved its first address proves this one now: what was set on it
      // while it was open goes, as on every first verification.
      if (!user.emailVerifiedAt) await verifyAccountAddress(tx, user.id, now);
      await sendMail(
        {
          to: previousEmail,
          ...(await addressChangedMail({ newEmail: email, language: recipientLanguage({ userLocale: user.locale }) })),
          mailType: "email_changed",
        },
        tx,
      );
      // Masked: the activity report needs to see that the address changed, not the addresses.
      await recordActivity(
        {
          actorUserId: user.id,
          type: ACTIVITY.userEmailChanged,
          subjectType: "user",
          subjectId: user.id,
          metadata: { previousEmail: maskEmail(previousEmail), email: maskEmail(email) },
        },
        tx,
      );
      return { userId: user.id, previousEmail, email };
    });
  } catch (err) {
    // Another account took the address after the request (unique index on users.email). The
    // transaction rolled back: the account, its pending change and its links are unchanged.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") throw new EmailAddressTakenError();
    throw err;
  }
}
