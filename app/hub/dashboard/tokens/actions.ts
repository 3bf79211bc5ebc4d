"use server";

import { refresh } from "next/cache";
import type { TokenFormState } from "@/components/security/types";
import { createApiToken, revokeApiToken } from "@/lib/domains/api-tokens/tokens";
import { requireUser } from "@/lib/domains/auth/session";
import { berlinLocalToDate } from "@/lib/core/time/berlin-time";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import { notFound } from "@/lib/core/errors/errors";
import { parseRecordId } from "@/lib/core/input/ids";
import { proofKindOf, requireFreshProof } from "../security/proof";
import { formText } from "@/lib/core/forms/form-fields";

// Create an API token: a fresh identity proof first (spec 5.3), then the token with its optional
// expiry. Both refuse staff signed in as the customer (support access mints no way in).
export async function createToken(_prev: TokenFormState | null, form: FormData): Promise<TokenFormState> {
  const s = await requireUser();
  const values = { name: formText(form, "name", 200), expires: formText(form, "expires", 40) };
  // The expiry date means the end of that day in German time. Checked before the proof, which may spend an e-mail code.
  const expiresAt = values.expires ? berlinLocalToDate(`${values.expires}T23:59`) : null;
  if (values.expires && !expiresAt)
    return {
      ok: false,
      message: "Bitte prüfen Sie die markierten Felder.",
      issues: { expiresAt: "Bitte geben Sie ein gültiges Datum an." },
      values,
      proofKind: proofKindOf(form),
    };
  try {
    const proof = await requireFreshProof(s, "api_token", form, { reuseFresh: true });
    if (!proof.ok) return { ...proof.result, values };
    const created = await createApiToken({
      userId: s.user.id,
      name: values.name,
      expiresAt,
      identityConfirmedAt: proof.provedAt,
      acting: s.session,
    });
    refresh();
    return {
      ok: true,
      message: `Token „${created.name}“ erstellt. Kopieren Sie ihn jetzt – er wird nur dieses eine Mal angezeigt.`,
      token: created.token,
    };
  } catch (err) {
    return { ...actionError(err), values, proofKind: proofKindOf(form) };
  }
}

// Revoke one of the user's tokens (bound to its id).
export async function revokeToken(tokenId: number, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const { user, session } = await requireUser();
  // A token id that names nothing: the answer of a token that is gone.
  const id = parseRecordId(tokenId);
  if (id === null) return actionError(notFound("Token not found."));
  try {
    await revokeApiToken(user.id, id, { acting: session });
  } catch (err) {
    return actionError(err);
  }
  refresh();
  return { ok: true, message: "Token widerrufen." };
}
