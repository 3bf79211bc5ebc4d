"use server";

import { refresh } from "next/cache";
import { requireUser } from "@/lib/domains/auth/session";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import { formHas, formText } from "@/lib/core/forms/form-fields";
import { AppError } from "@/lib/core/errors/errors";
import { parseRecordId } from "@/lib/core/input/ids";
import { INTAKE_LIMITS } from "@/lib/domains/legal/requests/file-fields";
import { fileCustomerLegalRequest } from "@/lib/domains/legal/requests/file-customer-legal-request";
import { REDACTION_LIMITS } from "@/lib/domains/legal/requests/redaction";

const NOT_FOUND = "Diese Pressemitteilung gibt es nicht (mehr).";
/** The preview is the redacted body; a release body is far below this. */
const PREVIEW_MAX = 1_000_000;

// The request modal on the customer's release page (spec 4.4): one call to the domain, which
// authorises on the locked release; its German refusals (role, status, an open request of the
// same track, staff signed in as the customer, who file requests in /admin) are the form's message as they are.
export async function fileLegalRequestAction(releaseId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user, session } = await requireUser();
  const id = parseRecordId(releaseId);
  if (id === null) return { ok: false, message: NOT_FOUND };
  let filed: { reference: string };
  try {
    filed = await fileCustomerLegalRequest({
      userId: user.id,
      releaseId: id,
      track: formText(form, "track", 40),
      reason: formText(form, "reason", INTAKE_LIMITS.textMax + 1),
      proposedText: formText(form, "proposedText", INTAKE_LIMITS.proposedMax + 1),
      passages: formText(form, "passages", REDACTION_LIMITS.maxPassages * (REDACTION_LIMITS.maxLength + 2)),
      preview: formText(form, "preview", PREVIEW_MAX),
      previewConfirmed: formHas(form, "previewConfirmed", "1"),
      acting: session,
    });
  } catch (err) {
    if (err instanceof AppError && (err.code === "conflict" || err.code === "forbidden"))
      return { ok: false, code: err.code, message: err.message };
    const { detail: _english, ...result } = actionError(err, { not_found: NOT_FOUND });
    return result;
  }
  refresh();
  return {
    ok: true,
    message: `Ihr Antrag ist eingegangen (Vorgang ${filed.reference}). Die Redaktion prüft ihn; den Stand sehen Sie unten auf dieser Seite und unter „Rechtliche Anliegen“. Eine Bestätigung kommt per E-Mail.`,
  };
}
