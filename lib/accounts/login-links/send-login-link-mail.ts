import { db } from "@/lib/db/client";
import { recipientLanguage } from "@/lib/mail/recipient-language";
import { sendMail } from "@/lib/mail/send-mail";
import { loginLinkMail } from "@/lib/mail/templates/login-link";
import { createLoginLink } from "./create-login-link";
import { mailableAccount } from "./recipient-budget";
import { LOGIN_LINK_TTL_MINUTES } from "./ttl";

export interface SendLoginLinkMailInput {
  email: string;
  /** Where the request came from (e.g. "login_form"); carried to the stage-2 conversion. */
  source?: string | null;
  /** Defaults to the account's language. */
  locale?: "de" | "en";
}

/**
 * "Send me a login link" (spec 5.10). An active account with that address gets a purpose-login
 * link by mail. Any other address gets nothing and the same answer, so the form cannot probe
 * which addresses have accounts. The route in front rate-limits requests per IP and address.
 */
export async function sendLoginLinkMail(input: SendLoginLinkMailInput): Promise<void> {
  const user = await mailableAccount(input.email);
  if (!user) return;

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
