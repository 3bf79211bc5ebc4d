"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { passkeyAuthenticationOptions, type PasskeyAuthenticationStart } from "@/lib/accounts/passkeys";
import { sendLoginLinkMail } from "@/lib/accounts/login-links";
import { TwoFactorThrottledError } from "@/lib/accounts/two-factor";
import { passSecondFactorChallenge } from "@/lib/auth/login/second-factor-challenge";
import { clientContextOf } from "@/lib/auth/next-auth/client-context";
import { SESSION_COOKIE } from "@/lib/auth/next-auth/cookies";
import { readSessionIncludingPending, startPathOf } from "@/lib/auth/session";
import type { ActionResult } from "@/lib/forms/action-result";
import { getLimiter } from "@/lib/ratelimit/limiter";
import { clientKeyOf } from "@/lib/security/client-ip";
import { closeSessionById } from "@/lib/auth/sessions/start-session";
import { formText } from "@/lib/forms/form-fields";

/**
 * Options for a passkey sign-in; the browser answers and next-auth's "passkey" provider checks.
 * Each start files a challenge in the cache store, so a client gets 30 a minute (policy `passkeySignIn`).
 */
export async function startPasskeySignIn(): Promise<PasskeyAuthenticationStart | ActionResult> {
  if (!(await getLimiter("passkeySignIn").limit(clientKeyOf(await headers()))).success) return { ok: false, message: "Zu viele Anmeldeversuche. Bitte warten Sie einen Moment." };
  return passkeyAuthenticationOptions();
}

/** Sends a login link; the same answer whether or not the address has an account. */
export async function requestLoginLink(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const email = formText(form, "email", 320).trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return { ok: false, message: "Bitte geben Sie eine gültige E-Mail-Adresse an." };
  // The same budget as registration: both send mail to an address a stranger typed in.
  if (!(await getLimiter("accountMail").limit(clientKeyOf(await headers()))).success) return { ok: false, message: "Zu viele Anfragen von dieser Adresse. Bitte versuchen Sie es später erneut." };
  await sendLoginLinkMail({ email, source: "login_form" });
  return { ok: true, message: "Wenn zu dieser Adresse ein Konto besteht, ist ein Anmeldelink unterwegs. Er gilt 15 Minuten." };
}

/** The second-factor challenge: app code or recovery code. */
export async function answerChallenge(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const s = await readSessionIncludingPending();
  if (!s) redirect("/login");
  if (!s.session.twoFactorPending) redirect(startPathOf(s));
  const input = formText(form, "code", 64);
  try {
    const result = await passSecondFactorChallenge({ userId: s.user.id, session: s.session, input, client: clientContextOf(await headers()) });
    if (result === "wrong") return { ok: false, message: "Der Code ist nicht korrekt. Bitte versuchen Sie es erneut." };
  } catch (err) {
    if (err instanceof TwoFactorThrottledError) return { ok: false, message: "Zu viele Versuche. Bitte warten Sie eine Minute." };
    throw err;
  }
  redirect(startPathOf(s));
}

/** Sign-out of this browser: the session row goes first, then the cookie. */
export async function logout(): Promise<void> {
  const s = await readSessionIncludingPending();
  if (s) await closeSessionById(s.session.id);
  (await cookies()).delete(SESSION_COOKIE);
  redirect("/login");
}
