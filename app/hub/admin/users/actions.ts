"use server";

import { refresh } from "next/cache";
import { redirect } from "next/navigation";
import { endUserSessionsAsAdmin, resetSecondFactorAsAdmin } from "@/lib/adapters/admin/user-actions";
import { requireConfirmedStaff } from "@/lib/domains/auth/session";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import { parseRecordId } from "@/lib/core/input/ids";

// The decisions of /admin/users/[id]. The session is checked here; the permission (users:manage,
// or an active super-admin for the second-factor reset, spec 5.5) inside the domain's
// transaction, so a refusal is a form message, never an error page.

const MESSAGES = {
  not_found: "Dieses Konto gibt es nicht (mehr).",
  conflict: "Ihre eigenen Sitzungen beenden Sie auf Ihrer Sicherheitsseite.",
} as const;
const unknown = (): ActionResult => ({ ok: false, message: MESSAGES.not_found });

// "Alle Sitzungen beenden".
export async function endSessions(userId: number, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const { user } = await requireConfirmedStaff();
  const id = parseRecordId(userId);
  if (id === null) return unknown();
  try {
    const { ended } = await endUserSessionsAsAdmin({ adminUserId: user.id, userId: id });
    refresh();
    return {
      ok: true,
      message:
        ended === 1
          ? "1 Sitzung beendet; auch jede ältere Anmeldung gilt nicht mehr."
          : `${ended} Sitzungen beendet; auch jede ältere Anmeldung gilt nicht mehr.`,
    };
  } catch (err) {
    const { detail: _english, ...result } = actionError(err, MESSAGES);
    return result;
  }
}

// "Zweiten Faktor zurücksetzen" (super-admins only); the page then names the outcome, since
// the button leaves with the second factor.
export async function resetSecondFactor(userId: number, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const { user } = await requireConfirmedStaff();
  const id = parseRecordId(userId);
  if (id === null) return unknown();
  try {
    await resetSecondFactorAsAdmin({ adminUserId: user.id, userId: id });
  } catch (err) {
    const { detail: _english, ...result } = actionError(err, {
      ...MESSAGES,
      forbidden: "Einen zweiten Faktor dürfen nur Super-Admins zurücksetzen.",
    });
    return result;
  }
  redirect(`/admin/users/${id}?erledigt=zweiter-faktor`);
}
