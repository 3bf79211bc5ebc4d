"use server";

import { refresh } from "next/cache";
import { requireAdmin, requireConfirmedStaff } from "@/lib/domains/auth/session";
import { HOLD_REASON_MIN, parseHoldUntil, setEvidenceHold } from "@/lib/domains/evidence/evidence-hold";
import { MAX_HOLD_YEARS } from "@/lib/domains/evidence/retention";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import { formText } from "@/lib/core/forms/form-fields";
import { correctImageDeclaration } from "@/lib/domains/release-images/correct-image-declaration";
import { declarationFormError, declarationFormFields } from "@/lib/domains/images/declaration-form";
import { removeReleaseImage } from "@/lib/domains/release-images/remove-release-image";
import { parseRecordId } from "@/lib/core/input/ids";

// The service's corrections and removals of a release's images, at any status; each with a
// reason, kept with the correction or in the signed image_removed archive entry.

const MESSAGES = {
  not_found: "Dieses Bild gibt es nicht (mehr). Laden Sie die Seite neu.",
  conflict: "Das Bild wurde inzwischen geändert. Laden Sie die Seite neu.",
} as const;

export async function correctImageAsAdminAction(releaseId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user } = await requireAdmin("press-releases:publish");
  const fields = declarationFormFields(form);
  const id = parseRecordId(releaseId);
  const imageId = parseRecordId(formText(form, "imageId", 12));
  if (id === null || imageId === null) return { ok: false, message: MESSAGES.not_found };
  if (!fields.reason || fields.reason.length < 3)
    return { ok: false, message: "Bitte nennen Sie den Grund der Korrektur.", issues: { reason: "Pflichtfeld" } };
  try {
    await correctImageDeclaration({ imageId, releaseId: id, userId: user.id, asAdmin: true, ...fields });
  } catch (err) {
    return declarationFormError(err, MESSAGES);
  }
  refresh();
  return { ok: true, message: "Bildnachweis korrigiert; das og-Bild wurde neu erzeugt." };
}

export async function removeImageAsAdminAction(releaseId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user } = await requireAdmin("press-releases:publish");
  const reason = formText(form, "reason", 500).trim();
  const id = parseRecordId(releaseId);
  const imageId = parseRecordId(formText(form, "imageId", 12));
  if (id === null || imageId === null) return { ok: false, message: MESSAGES.not_found };
  if (reason.length < 3) return { ok: false, message: "Bitte nennen Sie den Grund der Entfernung.", issues: { reason: "Pflichtfeld" } };
  try {
    const { erased } = await removeReleaseImage({ imageId, releaseId: id, userId: user.id, asAdmin: true, reason });
    refresh();
    return {
      ok: true,
      message: erased ? "Bild gelöscht (es war nie öffentlich)." : "Bild entfernt; Original und Nachweise bleiben gespeichert.",
    };
  } catch (err) {
    return actionError(err, MESSAGES);
  }
}

const HOLD_MESSAGES = {
  not_found: "Diese Pressemitteilung gibt es nicht (mehr).",
  conflict: "Zu dieser Pressemitteilung gibt es noch keine Archiveinträge, die gesperrt werden könnten.",
  forbidden: "Dafür fehlt Ihnen die Berechtigung „compliance:manage“.",
} as const;

const HOLD_ISSUES = {
  until: {
    missing: "Bitte wählen Sie das Datum, bis zu dem die Nachweise aufbewahrt werden.",
    range: `Das Datum muss in der Zukunft liegen, höchstens ${MAX_HOLD_YEARS} Jahre voraus.`,
  },
  reason: `Bitte nennen Sie den Grund (mindestens ${HOLD_REASON_MIN} Zeichen).`,
} as const;

/** The last day a hold keeps the evidence (it ends at the following midnight, UTC), as the form shows it. */
const lastDayOf = (until: Date) => new Date(until.getTime() - 1).toISOString().slice(0, 10).split("-").reverse().join(".");

/** Compliance staff place a legal hold on the release's evidence until a date, or lift it (spec 1.5). The rules are lib/domains/evidence/evidence-hold.ts's. */
export async function setEvidenceHoldAction(releaseId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user } = await requireConfirmedStaff();
  const id = parseRecordId(releaseId);
  if (id === null) return { ok: false, message: HOLD_MESSAGES.not_found };
  const lift = formText(form, "intent", 10) === "lift";
  try {
    const until = lift ? null : parseHoldUntil(formText(form, "until", 10));
    const r = await setEvidenceHold({ actorUserId: user.id, pressReleaseId: id, until, reason: formText(form, "reason", 2000) });
    refresh();
    if (!r.until) return { ok: true, message: `Sperre aufgehoben für ${r.entries} Archiveinträge; es gelten wieder ihre Löschfristen.` };
    const longer =
      until && r.until > until ? " Eine längere Sperre blieb bestehen; zum Verkürzen heben Sie die Sperre auf und setzen sie neu." : "";
    return {
      ok: true,
      message: `Sperre gesetzt: ${r.entries} Archiveinträge bleiben bis einschließlich ${lastDayOf(r.until)} erhalten.${longer}`,
    };
  } catch (err) {
    const { detail: _english, ...result } = actionError(err, HOLD_MESSAGES);
    if (result.issues?.["until"])
      result.issues["until"] = result.issues["until"] === "is required" ? HOLD_ISSUES.until.missing : HOLD_ISSUES.until.range;
    if (result.issues?.["reason"]) result.issues["reason"] = HOLD_ISSUES.reason;
    return result;
  }
}
