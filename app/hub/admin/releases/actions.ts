"use server";

import { redirect } from "next/navigation";
import { decideReleaseAsAdmin, isReleaseAdminAction, LEGAL_WITHDRAWAL_REFUSAL } from "@/lib/adapters/admin/release-actions";
import { requireConfirmedStaff } from "@/lib/domains/auth/session";
import { MAX_REASON_LENGTH } from "@/lib/core/input/admin-reason";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import { formText } from "@/lib/core/forms/form-fields";
import { AppError } from "@/lib/core/errors/errors";
import { parseRecordId } from "@/lib/core/input/ids";
import { requestCheckAgain } from "@/lib/domains/review/request-check-again";

// The decisions of /admin/releases/[id]: tombstone and unmark, depublish, republish, archive,
// unarchive and full deletion, each with a reason. The session is checked here (staff, admin confirmation fresh);
// press-releases:publish is authorized inside the domain's transaction, so a missing permission
// is a form message like every other refusal (spec 7), never an error page. On success the page
// is loaded again with the outcome named, since the buttons change with the new state.

const MESSAGES = {
  not_found: "Diese Pressemitteilung gibt es nicht (mehr).",
  conflict: "Das ist im aktuellen Stand dieser Pressemitteilung nicht möglich. Laden Sie die Seite neu, um den aktuellen Stand zu sehen.",
} as const;

/** Republishing what a legal measure withdrew needs compliance:manage as well (lib/adapters/admin/release-actions.ts). */
const LEGAL_WITHDRAWAL_MESSAGE =
  "Diese Pressemitteilung wurde auf ein rechtliches Anliegen hin aus den Portalen genommen. Wieder veröffentlichen kann sie nur, wer rechtliche Anliegen bearbeitet (Berechtigung „compliance:manage“).";

export async function decideRelease(releaseId: number, action: string, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user } = await requireConfirmedStaff();
  const id = parseRecordId(releaseId);
  if (id === null) return { ok: false, message: MESSAGES.not_found };
  if (!isReleaseAdminAction(action)) return { ok: false, message: "Diese Aktion gibt es nicht." };
  try {
    await decideReleaseAsAdmin({ adminUserId: user.id, releaseId: id, action, reason: formText(form, "reason", MAX_REASON_LENGTH + 1) });
  } catch (err) {
    if (err instanceof AppError && err.details?.reason === LEGAL_WITHDRAWAL_REFUSAL)
      return { ok: false, code: err.code, message: LEGAL_WITHDRAWAL_MESSAGE };
    const { detail: _english, ...result } = actionError(err, MESSAGES);
    return result;
  }
  // A deleted release has no detail page any more: the list says what happened.
  redirect(action === "delete" ? `/admin/releases?geloescht=${id}` : `/admin/releases/${id}?erledigt=${action}`);
}

/** A stuck release's way out: its automatic check is queued again (lib/domains/review/request-check-again.ts). */
export async function requestCheck(releaseId: number, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const { user } = await requireConfirmedStaff();
  const id = parseRecordId(releaseId);
  if (id === null) return { ok: false, message: MESSAGES.not_found };
  try {
    await requestCheckAgain({ releaseId: id, editorUserId: user.id });
  } catch (err) {
    const { detail: _english, ...result } = actionError(err, {
      ...MESSAGES,
      conflict: "Diese Pressemitteilung wartet nicht (mehr) auf ihre automatische Prüfung. Laden Sie die Seite neu.",
    });
    return result;
  }
  redirect(`/admin/releases/${id}?erledigt=check`);
}
