"use server";

import { refresh } from "next/cache";
import { createApiToken, revokeApiToken } from "@/lib/api-tokens/tokens";
import { confirmIdentity, requireUser } from "@/lib/auth/session";
import { confirmOwnPassword } from "@/lib/auth/sign-in";
import { berlinLocalToDate } from "@/lib/dashboard/berlin-time";
import { actionError, type ActionResult } from "@/lib/forms/action-result";

export interface TokenFormState extends ActionResult {
  /** Shown once, right after creation; never stored in plain text. */
  token?: string;
  values?: { name: string; expires: string };
}

// Create an API token: a fresh password proof first (spec 5.3), then the token with its optional expiry.
export async function createToken(_prev: TokenFormState | null, form: FormData): Promise<TokenFormState> {
  const { user } = await requireUser();
  const values = { name: String(form.get("name") ?? "").slice(0, 200), expires: String(form.get("expires") ?? "") };
  const password = String(form.get("password") ?? "").slice(0, 1024);
  const proof = await confirmOwnPassword(user.id, password);
  if (proof !== "ok") {
    const message = proof === "throttled" ? "Zu viele Versuche. Bitte warten Sie eine Minute." : "Das Passwort ist nicht korrekt.";
    return { ok: false, message, issues: { password: message }, values };
  }
  // The expiry date means the end of that day in German time.
  const expiresAt = values.expires ? berlinLocalToDate(`${values.expires}T23:59`) : null;
  if (values.expires && !expiresAt) return { ok: false, message: "Bitte prüfen Sie die markierten Felder.", issues: { expiresAt: "Bitte geben Sie ein gültiges Datum an." }, values };
  try {
    const identityConfirmedAt = await confirmIdentity();
    const created = await createApiToken({ userId: user.id, name: values.name, expiresAt, identityConfirmedAt });
    refresh();
    return { ok: true, message: `Token „${created.name}“ erstellt. Kopieren Sie ihn jetzt – er wird nur dieses eine Mal angezeigt.`, token: created.token };
  } catch (err) {
    return { ...actionError(err), values };
  }
}

// Revoke one of the user's tokens (bound to its id).
export async function revokeToken(tokenId: number, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const { user } = await requireUser();
  try {
    await revokeApiToken(user.id, Number(tokenId));
  } catch (err) {
    return actionError(err);
  }
  refresh();
  return { ok: true, message: "Token widerrufen." };
}
