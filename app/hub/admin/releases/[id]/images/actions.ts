"use server";

import { refresh } from "next/cache";
import { requireAdmin } from "@/lib/auth/session";
import { actionError, type ActionResult } from "@/lib/forms/action-result";
import { formText } from "@/lib/forms/form-fields";
import { correctImageDeclaration } from "@/lib/images/correct-image-declaration";
import { declarationFormFields } from "@/lib/images/declaration-form";
import { removeReleaseImage } from "@/lib/images/remove-release-image";
import { isRecordId, parseRecordId } from "@/lib/input/ids";

// The service's corrections and removals of a release's images, at any status; each with a
// reason, kept with the correction or in the signed image_removed archive entry.

const MESSAGES = { not_found: "Dieses Bild gibt es nicht (mehr). Laden Sie die Seite neu.", conflict: "Das Bild wurde inzwischen geändert. Laden Sie die Seite neu." } as const;

export async function correctImageAsAdminAction(releaseId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user } = await requireAdmin("press-releases:publish");
  const fields = declarationFormFields(form);
  const imageId = parseRecordId(formText(form, "imageId", 12));
  if (!isRecordId(releaseId) || imageId === null) return { ok: false, message: MESSAGES.not_found };
  if (!fields.reason || fields.reason.length < 3) return { ok: false, message: "Bitte nennen Sie den Grund der Korrektur.", issues: { reason: "Pflichtfeld" } };
  try {
    await correctImageDeclaration({ imageId, releaseId, userId: user.id, asAdmin: true, ...fields });
  } catch (err) {
    return actionError(err, MESSAGES);
  }
  refresh();
  return { ok: true, message: "Bildnachweis korrigiert; das og-Bild wurde neu erzeugt." };
}

export async function removeImageAsAdminAction(releaseId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user } = await requireAdmin("press-releases:publish");
  const reason = formText(form, "reason", 500).trim();
  const imageId = parseRecordId(formText(form, "imageId", 12));
  if (!isRecordId(releaseId) || imageId === null) return { ok: false, message: MESSAGES.not_found };
  if (reason.length < 3) return { ok: false, message: "Bitte nennen Sie den Grund der Entfernung.", issues: { reason: "Pflichtfeld" } };
  try {
    const { erased } = await removeReleaseImage({ imageId, releaseId, userId: user.id, asAdmin: true, reason });
    refresh();
    return { ok: true, message: erased ? "Bild gelöscht (es war nie öffentlich)." : "Bild entfernt; Original und Nachweise bleiben gespeichert." };
  } catch (err) {
    return actionError(err, MESSAGES);
  }
}
