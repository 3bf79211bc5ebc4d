import type { DbOrTx } from "@/lib/core/db/client";
import { recipientLanguage } from "../recipient-language";
import { sendMail } from "../send-mail";
import { securityNoticeMail, type SecurityChange } from "../templates/security-notice";

/**
 * The security notice of spec 5.3/5.4 to the account address, queued in the caller's
 * transaction: it goes out exactly when the change commits (like the passkey notice).
 */
export async function sendSecurityNotice(
  client: DbOrTx,
  opts: { userId: number; change: SecurityChange; tokenName?: string },
): Promise<void> {
  const user = await client.user.findUniqueOrThrow({ where: { id: opts.userId }, select: { email: true, locale: true } });
  const mail = await securityNoticeMail({
    change: opts.change,
    tokenName: opts.tokenName,
    language: recipientLanguage({ userLocale: user.locale }),
  });
  await sendMail({ to: user.email, ...mail, mailType: "security_notice" }, client);
}
