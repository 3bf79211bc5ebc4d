"use server";

import { requestSimilarAddressesRecomputation } from "@/lib/adapters/admin/similar-companies";
import { requireConfirmedStaff } from "@/lib/domains/auth/session";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";

// "Neu berechnen" on /admin/companies/similar: the session first (staff, confirmed), then the
// domain checks the screen's permission and hands the computation to a job.

export async function requestRecomputationAction(_prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const { user } = await requireConfirmedStaff();
  try {
    await requestSimilarAddressesRecomputation({ adminUserId: user.id });
  } catch (err) {
    return actionError(err, {});
  }
  return { ok: true, message: "Neuberechnung angefordert. Sie läuft im Hintergrund; laden Sie die Seite in ein paar Minuten neu." };
}
