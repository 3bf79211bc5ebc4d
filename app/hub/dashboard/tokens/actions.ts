"use server";

import { refresh } from "next/cache";
import type { TokenFormState } from "@/components/security/types";
import { createApiToken, revokeApiToken } from "@/lib/api-tokens/tokens";
import { requireCustomerActing } from "@/lib/auth/session";
import { berlinLocalToDate } from "@/lib/dashboard/berlin-time";
import { actionError, type ActionResult } from "@/lib/forms/action-result";
import { proofKindOf, requireFreshProof } from "../security/proof";
import { formText } from "@/lib/forms/form-fields";

// Create an API token: a fresh identity proof first (spec 5.3), then the token with its optional expiry.
export async function createToken(_prev: TokenFormState | null, form: FormData): Promise<TokenFormState> {
  const s = await requireCustomerActing("security");
  if (!s.ok) return s;
  const values = { name: formText(form, "name", 200), expires: formText(form, "expires", 40) };
  // The expiry date means the end of that day in German time. Checked before the proof, which may spend an e-mail code.
  const expiresAt = values.expires ? berlinLocalToDate(`${values.expires}T23:59`) : null;
  if (values.expires && !expiresAt) return { ok: false, message: "Bitte prüfen Sie die markierten Felder.", issues: { expiresAt: "Bitte geben Sie ein gültiges Datum an." }, values, proofKind: proofKindOf(form) };
  try {
    const proof = await requireFreshProof(s, "api_token", form, { reuseFresh: true });
    if (!proof.ok) return { ...proof.result, values };
    const created = await createApiToken({ userId: s.user.id, name: values.name, expiresAt, identityConfirmedAt: proof.provedAt });
    refresh();
    return { ok: true, message: `Token „${created.name}“ erstellt. Kopieren Sie ihn jetzt – er wird nur dieses eine Mal angezeigt.`, token: created.token };
  } catch (err) {
    return { ...actionError(err), values, proofKind: proofKindOf(form) };
  }
}

// Revoke one of the user's tokens (bound to its id).
export async function revokeToken(tokenId: number, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const acting = await requireCustomerActing("security");
  if (!acting.ok) return acting;
  const { user } = acting;
  try {
    await revokeApiToken(user.id, Number(tokenId));
  } catch (err) {
    return actionError(err);
  }
  refresh();
  return { ok: true, message: "Token widerrufen." };
}
