"use server";

import { refresh } from "next/cache";
import { headers } from "next/headers";
import { requireUser } from "@/lib/domains/auth/session";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import { formHas, formText } from "@/lib/core/forms/form-fields";
import { confirmImageRights } from "@/lib/domains/release-images/confirm-image-rights";
import { AppError } from "@/lib/core/errors/errors";
import { parseRecordId } from "@/lib/core/input/ids";
import { clientIpOf } from "@/lib/core/security/client-ip";

const MESSAGES = {
  forbidden: "Die Bildrechte kann nur eine Inhaberin oder ein Inhaber des Newsrooms bestätigen.",
  not_found: "Dieses Bild wartet nicht (mehr) auf Ihre Bestätigung.",
  conflict: "Dieses Bild wartet nicht (mehr) auf Ihre Bestätigung. Laden Sie die Seite neu.",
} as const;

// "Rechte bestätigen" for one image an admin uploaded: the owner confirms the wording shown
// (its key comes back as confirm_text_version); a changed wording is shown anew. A legal
// statement of the customer: confirmImageRights refuses staff signed in as the customer.
export async function confirmRightsAction(imageId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user, session } = await requireUser();
  const id = parseRecordId(imageId);
  if (id === null) return { ok: false, message: MESSAGES.not_found };
  if (!formHas(form, "rights_confirmed", "true"))
    return {
      ok: false,
      message: "Bitte bestätigen Sie den Text.",
      issues: { rights_confirmed: "Bitte setzen Sie das Häkchen, um die Bildrechte zu bestätigen." },
    };
  try {
    await confirmImageRights({
      imageId: id,
      userId: user.id,
      confirmTextVersion: formText(form, "confirm_text_version", 40),
      ip: clientIpOf(await headers()),
      acting: session,
    });
  } catch (err) {
    if (err instanceof AppError && typeof err.details?.current_text_version === "string") {
      refresh();
      return {
        ok: false,
        message: "Der Bestätigungstext wurde inzwischen geändert. Bitte lesen Sie den aktuellen Text oben und bestätigen Sie erneut.",
      };
    }
    return actionError(err, MESSAGES);
  }
  // No refresh: the list would drop the image and its form with the answer; the form shows it instead.
  return { ok: true, message: "Danke! Die Bildrechte sind bestätigt; das Bild erscheint mit der Pressemitteilung." };
}
