"use server";

import { refresh } from "next/cache";
import { headers } from "next/headers";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import { formHas, formText } from "@/lib/core/forms/form-fields";
import { AppError } from "@/lib/core/errors/errors";
import { confirmImageRightsByLink } from "@/lib/domains/release-images/confirm-rights-by-link";
import { clientIpOf } from "@/lib/core/security/client-ip";

const MESSAGES = {
  gone: "Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet.",
  forbidden: "Die Bildrechte kann nur eine Inhaberin oder ein Inhaber des Newsrooms bestätigen.",
  not_found: "Dieses Bild wartet nicht (mehr) auf Ihre Bestätigung.",
  conflict: "Dieses Bild wartet nicht (mehr) auf Ihre Bestätigung.",
} as const;

// "Rechte bestätigen" on the page an image-confirmation mail links to: the link, bound by the
// page, stands in for a session and confirms only its one image.
export async function confirmByLinkAction(token: string, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  if (!formHas(form, "rights_confirmed", "true"))
    return {
      ok: false,
      message: "Bitte bestätigen Sie den Text.",
      issues: { rights_confirmed: "Bitte setzen Sie das Häkchen, um die Bildrechte zu bestätigen." },
    };
  try {
    await confirmImageRightsByLink({
      token: String(token).slice(0, 200),
      confirmTextVersion: formText(form, "confirm_text_version", 40),
      ip: clientIpOf(await headers()),
    });
  } catch (err) {
    if (err instanceof AppError && typeof err.details?.current_text_version === "string") {
      refresh();
      return {
        ok: false,
        message: "Der Bestätigungstext wurde inzwischen geändert. Bitte lesen Sie den aktuellen Text oben und bestätigen Sie erneut.",
      };
    }
    // German only: the domain's English wording is not for this page.
    const { detail: _english, ...result } = actionError(err, MESSAGES);
    return result;
  }
  return { ok: true, message: "Danke! Die Bildrechte sind bestätigt; das Bild erscheint mit der Pressemitteilung." };
}
