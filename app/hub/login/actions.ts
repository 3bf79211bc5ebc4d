"use server";

import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import {
  passkeyAuthenticationOptions,
  passkeyAuthenticationOptionsForUser,
  type PasskeyAuthenticationStart,
} from "@/lib/domains/accounts/passkeys";
import { sendLoginLinkMail } from "@/lib/domains/accounts/login-links";
import { TwoFactorThrottledError } from "@/lib/domains/accounts/two-factor";
import { passPasskeyChallenge, passSecondFactorChallenge } from "@/lib/domains/auth/login/second-factor-challenge";
import { clientContextOf } from "@/lib/domains/auth/next-auth/client-context";
import { SESSION_COOKIE } from "@/lib/domains/auth/next-auth/cookies";
import { readSessionIncludingPending, startPathOf } from "@/lib/domains/auth/session";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { AppError } from "@/lib/core/errors/errors";
import { getLimiter } from "@/lib/core/ratelimit/limiter";
import { clientKeyOf } from "@/lib/core/security/client-ip";
import { closeSessionById } from "@/lib/domains/auth/sessions/start-session";
import { endImpersonationAction } from "../impersonation/actions";
import { formText } from "@/lib/core/forms/form-fields";

/**
 * Options for a passkey sign-in; the browser answers and next-auth's "passkey" provider checks.
 * Each start files a challenge in the cache store, so a client gets 30 a minute (policy `passkeySignIn`).
 */
export async function startPasskeySignIn(): Promise<PasskeyAuthenticationStart | ActionResult> {
  if (!(await getLimiter("passkeySignIn").limit(clientKeyOf(await headers()))).success)
    return { ok: false, message: "Zu viele Anmeldeversuche. Bitte warten Sie einen Moment." };
  return passkeyAuthenticationOptions();
}

/** Sends a login link (or, to an address without an account, a registration link); the same answer for every address. */
export async function requestLoginLink(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const email = formText(form, "email", 320).trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return { ok: false, message: "Bitte geben Sie eine gültige E-Mail-Adresse an." };
  // The same budget as registration: both send mail to an address a stranger typed in.
  if (!(await getLimiter("accountMail").limit(clientKeyOf(await headers()))).success)
    return { ok: false, message: "Zu viele Anfragen von dieser Adresse. Bitte versuchen Sie es später erneut." };
  await sendLoginLinkMail({ email, source: "login_form", offerRegistration: true });
  return {
    ok: true,
    message:
      "Sofern möglich, ist ein Anmeldelink an diese Adresse unterwegs. Er gilt 15 Minuten. Gibt es zu der Adresse noch kein Konto, legen Sie mit dem Link eines an.",
  };
}

/** The second-factor challenge: app code or recovery code. */
export async function answerChallenge(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const s = await readSessionIncludingPending();
  if (!s) redirect("/login");
  if (!s.session.twoFactorPending) redirect(startPathOf(s));
  const input = formText(form, "code", 64);
  try {
    const result = await passSecondFactorChallenge({
      userId: s.user.id,
      session: s.session,
      input,
      client: clientContextOf(await headers()),
    });
    if (result === "wrong") return { ok: false, message: "Der Code ist nicht korrekt. Bitte versuchen Sie es erneut." };
  } catch (err) {
    if (err instanceof TwoFactorThrottledError) return { ok: false, message: "Zu viele Versuche. Bitte warten Sie eine Minute." };
    throw err;
  }
  redirect(startPathOf(s));
}

/** The passkey request of the challenge, for this pending session's own account (30 a minute per client, as the sign-in). */
export async function startPasskeyChallenge(): Promise<PasskeyAuthenticationStart | ActionResult> {
  const s = await readSessionIncludingPending();
  if (!s) redirect("/login");
  if (!s.session.twoFactorPending) redirect(startPathOf(s));
  if (!(await getLimiter("passkeySignIn").limit(clientKeyOf(await headers()))).success)
    return { ok: false, message: "Zu viele Anmeldeversuche. Bitte warten Sie einen Moment." };
  try {
    // Only this account's passkeys are offered.
    return await passkeyAuthenticationOptionsForUser(s.user.id);
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return { ok: false, message: "Für Ihr Konto ist kein Passkey eingerichtet." };
    throw err;
  }
}

/** The second-factor challenge answered with a passkey of this account. */
export async function answerChallengeWithPasskey(handle: string, response: AuthenticationResponseJSON): Promise<ActionResult> {
  const s = await readSessionIncludingPending();
  if (!s) redirect("/login");
  if (!s.session.twoFactorPending) redirect(startPathOf(s));
  const result = await passPasskeyChallenge({
    userId: s.user.id,
    session: s.session,
    handle: String(handle),
    response,
    client: clientContextOf(await headers()),
  });
  if (result === "wrong") return { ok: false, message: "Der Passkey konnte nicht bestätigt werden. Bitte versuchen Sie es erneut." };
  redirect(startPathOf(s));
}

/** Sign-out of this browser: the session row goes first, then the cookie. Staff acting as a customer end that and return. */
export async function logout(): Promise<void> {
  const s = await readSessionIncludingPending();
  if (s?.session.impersonatorUserId != null) return endImpersonationAction();
  if (s) await closeSessionById(s.session.id);
  (await cookies()).delete(SESSION_COOKIE);
  redirect("/login");
}
