"use server";

import { requireAdmin } from "@/lib/domains/auth/session";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import { formText } from "@/lib/core/forms/form-fields";
import { decideWithheldImage } from "@/lib/domains/release-images/decide-withheld-image";
import { parseRecordId } from "@/lib/core/input/ids";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";

const DONE = {
  release: "Freigegeben. Das Bild erscheint mit der Pressemitteilung, sobald nichts anderes es zurückhält.",
  reject: "Abgelehnt. Das Bild bleibt verborgen.",
} as const;

// "Freigeben" or "Ablehnen" of one image the precheck held back, with a required note for the
// audit row. The list is not re-rendered: the item shows the answer until the page is reloaded.
export async function decideImageAction(imageId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user } = await requireAdmin(ADMIN_SCREENS.images.permission);
  const decision = formText(form, "decision", 10);
  const note = formText(form, "note", 2000).trim();
  const id = parseRecordId(imageId);
  if (id === null || (decision !== "release" && decision !== "reject")) return { ok: false, message: "Unbekannte Entscheidung." };
  if (note.length < 3)
    return {
      ok: false,
      message: "Bitte begründen Sie die Entscheidung.",
      issues: { note: "Eine Notiz ist erforderlich (mindestens 3 Zeichen); sie steht im Prüfprotokoll." },
    };
  try {
    await decideWithheldImage({ imageId: id, adminUserId: user.id, decision, note });
  } catch (err) {
    return actionError(err, {
      validation_failed: "Bitte begründen Sie die Entscheidung.",
      not_found: "Dieses Bild gibt es nicht (mehr).",
      conflict: "Über dieses Bild wurde schon entschieden. Laden Sie die Seite neu.",
    });
  }
  return { ok: true, message: DONE[decision] };
}
