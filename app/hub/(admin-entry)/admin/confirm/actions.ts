"use server";

import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { passkeyAuthenticationOptionsForUser, type PasskeyAuthenticationStart } from "@/lib/domains/accounts/passkeys";
import { TwoFactorThrottledError } from "@/lib/domains/accounts/two-factor";
import { clientContextOf } from "@/lib/domains/auth/next-auth/client-context";
import { requireUser, startPathOf } from "@/lib/domains/auth/session";
import {
  confirmAdminSessionWithCode,
  confirmAdminSessionWithPasskey,
  ForeignPasskeyError,
} from "@/lib/domains/auth/sessions/admin-confirmation";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { AppError } from "@/lib/core/errors/errors";
import { formText } from "@/lib/core/forms/form-fields";

// /admin/confirm: staff confirm their session for the admin area. Which factor counts (one of
// the session's own account) and when the session is marked is lib/domains/auth/sessions/admin-confirmation.ts's.

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
    await confirmAdminSessionWithPasskey({ userId: s.user.id, sessionId: s.session.id, handle: String(handle), response });
  } catch (err) {
    if (err instanceof ForeignPasskeyError) return { ok: false, message: "Dieser Passkey gehört nicht zu Ihrem Konto." };
    if (err instanceof AppError) return { ok: false, message: "Der Passkey konnte nicht bestätigt werden. Bitte versuchen Sie es erneut." };
    throw err;
  }
  redirect(startPathOf(s));
}

/** EnsureStrongAdminAuthentication, app-code path (a recovery code counts too, and is used up). */
export async function confirmAdminWithCode(_prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const s = await staff();
  try {
    const check = await confirmAdminSessionWithCode({
      userId: s.user.id,
      sessionId: s.session.id,
      input: formText(form, "code", 64),
      ip: clientContextOf(await headers()).ip,
    });
    if (!check.ok)
      return {
        ok: false,
        message: check.reason === "not_enabled" ? "Für Ihr Konto ist keine Authenticator-App eingerichtet." : "Der Code ist nicht korrekt.",
      };
  } catch (err) {
    if (err instanceof TwoFactorThrottledError) return { ok: false, message: "Zu viele Versuche. Bitte warten Sie eine Minute." };
    throw err;
  }
  redirect(startPathOf(s));
}
