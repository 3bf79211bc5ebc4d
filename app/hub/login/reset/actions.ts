"use server";

import { cookies, headers } from "next/headers";
import { LoginLinkInvalidError } from "@/lib/domains/accounts/login-links";
import { completePasswordReset } from "@/lib/domains/accounts/passwords/complete-password-reset";
import { requestPasswordReset } from "@/lib/domains/accounts/passwords/request-password-reset";
import { LoginThrottledError } from "@/lib/domains/accounts/passwords/login-failures";
import { clientContextOf } from "@/lib/domains/auth/next-auth/client-context";
import { SESSION_COOKIE } from "@/lib/domains/auth/next-auth/cookies";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import { formText } from "@/lib/core/forms/form-fields";
import { getLimiter } from "@/lib/core/ratelimit/limiter";
import { clientKeyOf } from "@/lib/core/security/client-ip";

// "Passwort vergessen?" (spec 4.3, 5.7): both actions parse the form and call one lib function.

/** Passwords are never cut: the sign-in reads 1024 characters, so a longer one could not sign in. */
const MAX_PASSWORD = 1024;
const CHECK_FIELDS = "Bitte prüfen Sie die markierten Felder.";

/** Mails a reset link; the same answer whether or not the address has an account. */
export async function requestReset(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const email = formText(form, "email", 320).trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    return { ok: false, message: CHECK_FIELDS, issues: { email: "Bitte geben Sie eine gültige E-Mail-Adresse an." } };
  // The budget of login links and registrations: all three mail an address a stranger typed in.
  if (!(await getLimiter("accountMail").limit(clientKeyOf(await headers()))).success)
    return { ok: false, message: "Zu viele Anfragen von dieser Adresse. Bitte versuchen Sie es später erneut." };
  await requestPasswordReset({ email });
  return { ok: true, message: "Wenn zu dieser Adresse ein Konto besteht, ist ein Link zum Zurücksetzen unterwegs. Er gilt 60 Minuten." };
}

/**
 * Sets the new password with the link's token. Only ever a POST (a server action): the page
 * itself never redeems, because mail scanners open links.
 *
 * The person is deliberately not signed in afterwards: the reset just ended every session
 * because one may belong to an intruder, and whoever holds only the mailbox (not a second
 * factor) must not get a session out of it either. Signing in with the new password goes
 * through the normal sign-in, with the throttle and the second-factor challenge. This
 * browser's session ended with the others, so its cookie is dropped too.
 */
export async function completeReset(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const token = formText(form, "token", 200);
  const newPassword = formText(form, "newPassword", MAX_PASSWORD + 1);
  const repeat = formText(form, "newPasswordRepeat", MAX_PASSWORD + 1);
  if (newPassword.length > MAX_PASSWORD)
    return { ok: false, message: CHECK_FIELDS, issues: { password: `Das Passwort darf höchstens ${MAX_PASSWORD} Zeichen lang sein.` } };
  if (newPassword !== repeat)
    return { ok: false, message: CHECK_FIELDS, issues: { newPasswordRepeat: "Die beiden Passwörter stimmen nicht überein." } };
  try {
    await completePasswordReset({ token, newPassword, ip: clientContextOf(await headers()).ip });
  } catch (err) {
    if (err instanceof LoginLinkInvalidError)
      return {
        ok: false,
        code: "gone",
        message: "Dieser Link ist ungültig, abgelaufen oder wurde schon benutzt. Fordern Sie einen neuen an.",
      };
    if (err instanceof LoginThrottledError)
      return {
        ok: false,
        code: "rate_limited",
        message: "Zu viele Fehlversuche von dieser Adresse. Bitte versuchen Sie es in einigen Minuten erneut.",
      };
    return actionError(err);
  }
  (await cookies()).delete(SESSION_COOKIE);
  return { ok: true, message: "Passwort geändert. Alle Geräte wurden abgemeldet." };
}
