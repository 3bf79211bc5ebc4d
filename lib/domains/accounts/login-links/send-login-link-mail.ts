import { RegistrationEmail } from "@/lib/domains/accounts/registration/registration-fields";
import { db } from "@/lib/core/db/client";
import { isImplausibleMailDomain } from "@/lib/domains/mail/domain-checks/check-domain";
import { recipientLanguage } from "@/lib/domains/mail/recipient-language";
import { sendMail } from "@/lib/domains/mail/send-mail";
import { loginLinkMail } from "@/lib/domains/mail/templates/login-link";
import { registrationLinkMail } from "@/lib/domains/mail/templates/registration";
import { createLoginLink } from "./create-login-link";
import { mailableAccount, mayMailAccountRecipient } from "./recipient-budget";
import { LOGIN_LINK_TTL_MINUTES } from "@/lib/core/config/login-link-ttl";

export interface SendLoginLinkMailInput {
  email: string;
  /** Where the request came from (e.g. "login_form"); carried to the stage-2 conversion. */
  source?: string | null;
  /** Defaults to the account's language. */
  locale?: "de" | "en";
  /**
   * The sign-in page's request: an address without any account gets a registration link instead
   * (spec 6.1, registration with path "login link"). Other pages mail existing accounts only.
   */
  offerRegistration?: boolean;
}

/**
 * "Send me a login link" (spec 5.10). An active account with that address gets a purpose-login
 * link by mail; from the sign-in page, an address without an account gets a registration link.
 * Inactive or deleted accounts get nothing, and every address the same answer, so the form
 * cannot probe which addresses have accounts. The route in front rate-limits requests per IP.
 */
export async function sendLoginLinkMail(input: SendLoginLinkMailInput): Promise<void> {
  // Where an unknown address may get a registration link, its domain is checked in DNS (up to
  // seconds). Every address is checked, an account's too, so the time to answer tells nothing
  // about which addresses have accounts.
  const email = input.email.trim().toLowerCase();
  const [{ user, exists }, undeliverable] = await Promise.all([
    mailableAccount(email),
    input.offerRegistration ? isImplausibleMailDomain(email) : false,
  ]);
  if (!user) {
    if (input.offerRegistration && !exists && !undeliverable) await sendRegistrationLinkMail(email, input);
    return;
  }

  // The link and the mail carrying it commit together: no mail without a valid link, no link
  // that was never sent.
  await db.$transaction(async (tx) => {
    const link = await createLoginLink({ email: user.email, userId: user.id, purpose: "login", source: input.source ?? null }, tx);
    // A language asked for with the request (the form's edition) beats the account's.
    const language = input.locale ?? recipientLanguage({ userLocale: user.locale });
    const mail = await loginLinkMail({ url: link.url, ttlMinutes: LOGIN_LINK_TTL_MINUTES.login, language });
    await sendMail({ to: user.email, ...mail, mailType: "login_link" }, tx);
  });
}

/**
 * A registration link for an address (trimmed, lower case) no account has, not even an inactive
 * or deleted one (the caller has looked), and that the registration form would take: the link,
 * not the request, creates the account (lib/domains/auth/login/login-link-registration.ts), so nobody
 * gets an account for a mailbox they cannot read. Within the mailbox's budget; the caller has
 * made sure the domain can receive mail.
 */
async function sendRegistrationLinkMail(email: string, input: SendLoginLinkMailInput): Promise<void> {
  if (!RegistrationEmail.safeParse(email).success) return;
  if (!(await mayMailAccountRecipient(email))) return;
  await db.$transaction(async (tx) => {
    const link = await createLoginLink({ email, userId: null, purpose: "registration", source: input.source ?? null }, tx);
    const mail = await registrationLinkMail({
      url: link.url,
      ttlMinutes: LOGIN_LINK_TTL_MINUTES.registration,
      language: input.locale ?? recipientLanguage({}),
    });
    await sendMail({ to: email, ...mail, mailType: "registration_link" }, tx);
  });
}
