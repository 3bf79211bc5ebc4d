import { hashLinkToken, newLinkToken } from "@/lib/domains/accounts/login-links/link-token";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import { sendMail } from "@/lib/domains/mail/send-mail";
import { newsletterConfirmMail } from "@/lib/domains/mail/templates/newsletter-confirm";
import { newsletterConfirmUrl } from "./confirm-url";
import { linkableUserId } from "./link-subscriber-account";
import { signupInputSchema, type SignupInput } from "./schemas";

export const CONFIRM_TTL_HOURS = 48;
/** A repeated request within this time sends no second mail: a stranger must not fill someone's mailbox with confirmations. */
export const CONFIRM_RESEND_COOLDOWN_MINUTES = 10;

/**
 * Newsletter sign-up, double opt-in (spec 2.9, 6.1): a confirmation link (only its SHA-256 hash
 * stored, valid 48 h) goes out through the outbox with the transaction. The caller answers the
 * same whatever happened here, so the form tells nobody whether an address is subscribed: an
 * address that is already confirmed gets no mail and keeps its settings (a stranger must not
 * change them); a pending or unsubscribed one gets a new link with the choices of this request.
 */
export async function requestNewsletterSignup(input: SignupInput & { now?: Date }): Promise<void> {
  const { email, language, portals } = signupInputSchema.parse(input);
  const now = input.now ?? new Date();
  const token = newLinkToken();
  // Rendered before the transaction, which then stays short.
  const mail = await newsletterConfirmMail({ url: newsletterConfirmUrl(token, language), ttlHours: CONFIRM_TTL_HOURS, language });
  await db.$transaction(async (tx) => {
    // Race: two sign-ups of one address at once. Insert-or-ignore, then the row lock decides.
    await tx.$executeRaw`INSERT INTO newsletter_subscribers (email, created_at, updated_at) VALUES (${email}, now(), now()) ON CONFLICT (email) DO NOTHING`;
    const [sub] = await tx.$queryRaw<
      { id: number; userId: number | null; confirmedAt: Date | null; unsubscribedAt: Date | null; confirmExpiresAt: Date | null }[]
    >`
      SELECT id, user_id AS "userId", confirmed_at AS "confirmedAt", unsubscribed_at AS "unsubscribedAt", confirm_expires_at AS "confirmExpiresAt"
      FROM newsletter_subscribers WHERE email = ${email} FOR UPDATE`;
    if (!sub) throw new Error("newsletter subscriber row vanished");
    await recordActivity(
      { type: ACTIVITY.formIntake, path: "newsletter_signup", subjectType: "newsletter_subscriber", subjectId: sub.id },
      tx,
    );
    if (sub.confirmedAt && !sub.unsubscribedAt) return;
    const issuedAt = sub.confirmExpiresAt ? sub.confirmExpiresAt.getTime() - CONFIRM_TTL_HOURS * 3_600_000 : -Infinity;
    if (now.getTime() - issuedAt < CONFIRM_RESEND_COOLDOWN_MINUTES * 60_000) return;
    await tx.newsletterSubscriber.update({
      where: { id: sub.id },
      data: {
        language,
        portals,
        confirmTokenHash: hashLinkToken(token),
        confirmExpiresAt: new Date(now.getTime() + CONFIRM_TTL_HOURS * 3_600_000),
        userId: await linkableUserId(tx, { id: sub.id, email, userId: sub.userId }),
      },
    });
    await sendMail({ to: email, ...mail, mailType: "newsletter_confirm" }, tx);
  });
}
