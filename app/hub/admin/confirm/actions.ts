"use server";

import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { passkeyAuthenticationOptionsForUser, verifyPasskeyAuthentication, type PasskeyAuthenticationStart } from "@/lib/accounts/passkeys";
import { TwoFactorThrottledError } from "@/lib/accounts/two-factor";
import { checkSecondFactor } from "@/lib/accounts/two-factor/check-second-factor";
import { clientContextOf } from "@/lib/auth/next-auth/client-context";
import { markStrongAuthenticated, requireUser, startPathOf } from "@/lib/auth/session";
import type { ActionResult } from "@/lib/forms/action-result";
import { AppError } from "@/lib/http/errors";
import { formText } from "@/lib/forms/form-fields";

async function staff() {
  const s = await requireUser();
  if (s.user.staffRole === "user") redirect("/dashboard");
  return s;
}

export async function startAdminPasskeyConfirmation(): Promise<PasskeyAuthenticationStart | ActionResult> {
  const s = await staff();
  try {
    return await passkeyAuthenticationOptionsForUser(s.user.id);
  } catch (err) {
    if (err instanceof AppError) return { ok: false, message: err.message };
    throw err;
  }
}

/** EnsureStrongAdminAuthentication, passkey path: only a passkey of this account counts. */
export async function confirmAdminWithPasskey(handle: string, response: AuthenticationResponseJSON): Promise<ActionResult> {
  const s = await staff();
  try {
    const userId = await verifyPasskeyAuthentication(String(handle), response);
    if (userId !== s.user.id) return { ok: false, message: "Dieser Passkey gehört nicht zu Ihrem Konto." };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, message: "Der Passkey konnte nicht bestätigt werden. Bitte versuchen Sie es erneut." };
    throw err;
  }
  await markStrongAuthenticated(s.session.id);
  redirect(startPathOf(s));
}

/** EnsureStrongAdminAuthentication, app-code path (a recovery code counts too, and is used up). */
export async function confirmAdminWithCode(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const s = await staff();
  try {
    const check = await checkSecondFactor({ userId: s.user.id, input: formText(form, "code", 64), entryPoint: "admin_confirmation", ip: clientContextOf(await headers()).ip });
    if (!check.ok) return { ok: false, message: check.reason === "not_enabled" ? "Für Ihr Konto ist keine Authenticator-App eingerichtet." : "Der Code ist nicht korrekt." };
  } catch (err) {
    if (err instanceof TwoFactorThrottledError) return { ok: false, message: "Zu viele Versuche. Bitte warten Sie eine Minute." };
    throw err;
  }
  await markStrongAuthenticated(s.session.id);
  redirect(startPathOf(s));
}
