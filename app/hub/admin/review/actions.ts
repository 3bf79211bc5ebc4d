"use server";

import { refresh } from "next/cache";
import { requireConfirmedStaff } from "@/lib/domains/auth/session";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import { notFound } from "@/lib/core/errors/errors";
import { parseRecordId } from "@/lib/core/input/ids";
import { approveRelease, returnRelease } from "@/lib/domains/releases/manual-review";
import { formHas, formText } from "@/lib/core/forms/form-fields";

// The permission is checked inside approveRelease/returnRelease (from the stored user); a
// missing one comes back as a form message like every other business error.

/** A release id that names nothing gets the answer of a release that is gone. */
const unknownRelease = (): ActionResult => actionError(notFound("Press release not found."));

// "Freigeben": publish (or schedule) as the admin; a quota warning needs a second, explicit click.
export async function approve(releaseId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user } = await requireConfirmedStaff();
  const id = parseRecordId(releaseId);
  if (id === null) return unknownRelease();
  const acknowledgeQuotaWarning = formHas(form, "acknowledgeQuotaWarning", "1");
  try {
    const { status } = await approveRelease({
      releaseId: id,
      adminUserId: user.id,
      reviewFingerprint: formText(form, "reviewFingerprint", 64),
      acknowledgeQuotaWarning,
    });
    refresh();
    return {
      ok: true,
      message: status === "scheduled" ? "Freigegeben; erscheint zum geplanten Zeitpunkt." : "Freigegeben und veröffentlicht.",
    };
  } catch (err) {
    return actionError(err);
  }
}

// "Zurückgeben": back to the customer as rejected, with a required comment that reaches the author.
export async function giveBack(releaseId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user } = await requireConfirmedStaff();
  const comment = formText(form, "comment", 5000).trim();
  if (!comment) return { ok: false, message: "Bitte begründen Sie die Rückgabe.", issues: { comment: "Ein Kommentar ist erforderlich." } };
  const id = parseRecordId(releaseId);
  if (id === null) return unknownRelease();
  try {
    await returnRelease({ releaseId: id, adminUserId: user.id, comment });
    refresh();
    return { ok: true, message: "Zurückgegeben." };
  } catch (err) {
    return actionError(err);
  }
}
