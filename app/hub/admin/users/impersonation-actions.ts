"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { enterImpersonationInBrowser } from "@/lib/domains/auth/impersonation/browser-cookies";
import { startImpersonation } from "@/lib/domains/auth/impersonation/start-impersonation";
import { clientContextOf } from "@/lib/domains/auth/next-auth/client-context";
import { requireConfirmedStaff } from "@/lib/domains/auth/session";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import { formText } from "@/lib/core/forms/form-fields";
import { AppError } from "@/lib/core/errors/errors";
import { parseRecordId } from "@/lib/core/input/ids";

// Impersonation for support (spec 6.1; lib/core/errors): the rules and the cookies are
// the domain's; this door starts it from the user page. It ends through app/hub/impersonation.

const REFUSED: Record<string, string> = {
  staff: "Konten von Mitarbeitenden können nicht übernommen werden.",
  inactive: "Gesperrte oder gelöschte Konten können nicht übernommen werden.",
  own_account: "Ihr eigenes Konto öffnen Sie direkt.",
  unconfirmed: "Bitte bestätigen Sie Ihre Sitzung für den Verwaltungsbereich erneut (Passkey oder App-Code).",
};

// "Als diese Person handeln", with a stated reason.
export async function startImpersonationAction(userId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const staff = await requireConfirmedStaff();
  const id = parseRecordId(userId);
  if (id === null) return { ok: false, message: "Dieses Konto gibt es nicht (mehr)." };
  let started;
  try {
    started = await startImpersonation({
      staff,
      targetUserId: id,
      reason: formText(form, "reason", 600),
      client: clientContextOf(await headers()),
    });
  } catch (err) {
    const reason = err instanceof AppError && err.code === "forbidden" ? err.details?.reason : undefined;
    if (typeof reason === "string" && REFUSED[reason]) return { ok: false, code: "forbidden", message: REFUSED[reason] };
    const { detail: _english, ...result } = actionError(err, {
      not_found: "Dieses Konto gibt es nicht (mehr).",
      validation_failed: "Bitte geben Sie einen Grund an.",
    });
    return result;
  }
  await enterImpersonationInBrowser(started);
  redirect("/dashboard");
}
