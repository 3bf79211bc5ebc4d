import { hashLinkToken, LOGIN_LINK_TTL_MINUTES, newLinkToken } from "@/lib/domains/accounts/login-links";
import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { db } from "@/lib/core/db/client";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { sendMail } from "@/lib/domains/mail/send-mail";
import { getLimiter, secondsUntil } from "@/lib/core/ratelimit/limiter";
import { recipientLanguage } from "@/lib/domains/mail/recipient-language";
import { changeRequestedMail, confirmNewAddressMail } from "@/lib/domains/mail/templates/email-change";
import { emailChangeConfirmUrl } from "./confirm-url";
import { newEmailError } from "./errors";
import { NewEmail } from "./new-email";

export interface RequestEmailChangeInput {
  userId: number;
  newEmail: string;
  /** Who acts in the session: staff acting as the customer (support access) never change the address. */
  acting?: Acting;
  now?: Date;
}

/**
 * Starts an address change (spec 2.1, 5.3): the new address becomes pending and gets a
 * confirmation link; the account keeps its current address until that link is redeemed
 * (confirmEmailChange). The current address is told, with the new one partly masked.
 *
 * The caller has already demanded the fresh identity proof (spec 5.3/5.4: app code, recovery
 * code, or password for accounts without two-factor); it is deliberately not checked here.
 * One change is pending at a time (a newer request replaces the older, whose link stops
 * working), and an account asks at most EMAIL_CHANGE_REQUESTS_PER_HOUR times an hour: one
 * proof stays fresh ten minutes, which must not turn into a flood of mails to strangers.
 */
export async function requestEmailChange(input: RequestEmailChangeInput): Promise<{ pendingEmail: string; expiresAt: Date }> {
  assertNotImpersonating(input.acting, "security");
  const now = input.now ?? new Date();
  const parsed = NewEmail.safeParse(input.newEmail);
  if (!parsed.success)
    throw newEmailError("The new address is not a valid e-mail address.", "Bitte geben Sie eine gültige E-Mail-Adresse ein.");
  const pendingEmail = parsed.data;

  const user = await db.user.findUnique({
    where: { id: input.userId },
    select: { id: true, email: true, locale: true, isActive: true, deletedAt: true },
  });
  if (!user || !user.isActive || user.deletedAt) throw notFound("Account not found.");
  if (pendingEmail === user.email) throw newEmailError("The new address is the current one.", "Das ist bereits Ihre E-Mail-Adresse.");
  // Counted before the address is looked up: the answer below tells whether it has an account,
  // and a fresh proof must not buy unlimited questions of that kind.
  const budget = await getLimiter("emailChangeRequests").limit(`user:${user.id}`);
  if (!budget.success) {
    const retryAfterSeconds = secondsUntil(budget.reset);
    throw new AppError(
      "rate_limited",
      "Several address changes were requested just now. Try again later.",
      { retryAfterSeconds },
      undefined,
      { "Retry-After": String(retryAfterSeconds) },
    );
  }
  // Checked here for a helpful answer; the unique index decides at confirmation (a race).
  if (await db.user.findUnique({ where: { email: pendingEmail }, select: { id: true } })) {
    throw newEmailError(
      "The new address belongs to another account.",
      "Diese E-Mail-Adresse wird bereits von einem anderen Konto verwendet.",
    );
  }

  const token = newLinkToken();
  const ttlMinutes = LOGIN_LINK_TTL_MINUTES.email_change;
  const expiresAt = new Date(now.getTime() + ttlMinutes * 60_000);
  // Rendered before the transaction: it holds the account row only as long as the writes need.
  const language = recipientLanguage({ userLocale: user.locale });
  const confirmMail = await confirmNewAddressMail({ url: emailChangeConfirmUrl(token), ttlMinutes, language });
  const noticeMail = await changeRequestedMail({ newEmail: pendingEmail, language });
  await db.$transaction(async (tx) => {
    // A newer request overwrites the older one's token hash, so the older link stops working.
    // Conditional on the address we read: if a confirmation changed it meanwhile, the notice
    // below would go to the wrong "current" address.
    const { count } = await tx.user.updateMany({
      where: { id: user.id, email: user.email, deletedAt: null },
      data: { pendingEmail, pendingEmailTokenHash: hashLinkToken(token), pendingEmailExpiresAt: expiresAt },
    });
    if (count !== 1) throw new AppError("conflict", "The account's address changed meanwhile; please try again.");
    await sendMail({ to: pendingEmail, ...confirmMail, mailType: "email_change_confirm" }, tx);
    await sendMail({ to: user.email, ...noticeMail, mailType: "email_change_requested" }, tx);
  });
  return { pendingEmail, expiresAt };
}
