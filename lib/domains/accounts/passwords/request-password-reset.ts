import { createLoginLink, LOGIN_LINK_TTL_MINUTES } from "@/lib/domains/accounts/login-links";
import { mailableAccount } from "@/lib/domains/accounts/login-links/recipient-budget";
import { db } from "@/lib/core/db/client";
import { recipientLanguage } from "@/lib/domains/mail/recipient-language";
import { sendMail } from "@/lib/domains/mail/send-mail";
import type { MailLanguage } from "@/lib/domains/mail/templates/layout";
import { passwordResetMail } from "@/lib/domains/mail/templates/password-reset";
import { getSiteHosts, siteOrigin } from "@/lib/domains/sites";

export interface RequestPasswordResetOptions {
  email: string;
  /** Defaults to the account's language. */
  locale?: MailLanguage;
  now?: Date;
}

/** The hub page that takes the new password (app/hub/login/reset/[token]); it redeems only on POST. */
export const passwordResetUrl = (token: string): string => `${siteOrigin("hub", getSiteHosts())}/login/reset/${token}`;

/**
 * "Passwort vergessen?" (spec 4.3, 5.7): an active, not deleted account with that address gets a
 * link of purpose password_reset (60 minutes) by mail. Any other address gets nothing and the
 * same answer (none), so the form cannot probe which addresses have accounts; the mailbox budget
 * (shared with login links) is spent silently the same way. The action in front throttles by IP.
 *
 * Legacy login-link accounts without a password may use it and so set their first password:
 * redeeming a link sent to the account's address proves the mailbox, the very proof a login
 * link (which signs them in anyway) rests on. Refusing them would only send them round through
 * a login link and the security page to the same result.
 */
export async function requestPasswordReset(opts: RequestPasswordResetOptions): Promise<void> {
  const { user } = await mailableAccount(opts.email.trim().toLowerCase());
  if (!user) return;

  // The link and the mail carrying it commit together: no mail without a valid link, no link
  // that was never sent.
  await db.$transaction(async (tx) => {
    const link = await createLoginLink(
      { email: user.email, userId: user.id, purpose: "password_reset", source: "password_reset_form", now: opts.now },
      tx,
    );
    const language = opts.locale ?? recipientLanguage({ userLocale: user.locale });
    const mail = await passwordResetMail({
      url: passwordResetUrl(link.token),
      ttlMinutes: LOGIN_LINK_TTL_MINUTES.password_reset,
      language,
    });
    await sendMail({ to: user.email, ...mail, mailType: "password_reset" }, tx);
  });
}
