"use server";

import { refresh } from "next/cache";
import { requireConfirmedStaff } from "@/lib/domains/auth/session";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import { formText } from "@/lib/core/forms/form-fields";
import type { ErrorCode } from "@/lib/core/errors/errors";
import { parseRecordId } from "@/lib/core/input/ids";
import { ALREADY_HANDLED, ANSWER_MAX, answerContactMessage } from "@/lib/domains/legal/contact/answer-contact-message";
import { closeContactMessage } from "@/lib/domains/legal/contact/close-contact-message";

// The actions of /admin/contact: each checks the session (signed in, staff, admin confirmation
// fresh) and calls one lib function, which re-checks the screen's permission inside its
// transaction and writes the activity entry. A refusal is a form message, never a 500.

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  not_found: "Diese Nachricht gibt es nicht (mehr).",
  conflict: ALREADY_HANDLED,
  validation_failed: "Bitte prüfen Sie die Antwort.",
};

function refusal(err: unknown): ActionResult {
  const { detail: _english, ...result } = actionError(err, MESSAGES);
  return result;
}

/** "Antwort senden": stores the answer, mails it to the sender, marks the message answered. */
export async function answerContact(messageId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user } = await requireConfirmedStaff();
  const id = parseRecordId(messageId);
  if (id === null) return { ok: false, message: MESSAGES.not_found };
  try {
    await answerContactMessage({ adminUserId: user.id, messageId: id, answer: formText(form, "answer", ANSWER_MAX + 1) });
  } catch (err) {
    return refusal(err);
  }
  refresh();
  return { ok: true, message: "Antwort gesendet. Die Nachricht steht jetzt unter „Beantwortet“." };
}

/** "Ohne Antwort schließen": nothing is mailed. */
export async function closeContact(messageId: number, _prev: ActionResult | null, _form: FormData): Promise<ActionResult> {
  const { user } = await requireConfirmedStaff();
  const id = parseRecordId(messageId);
  if (id === null) return { ok: false, message: MESSAGES.not_found };
  try {
    await closeContactMessage({ adminUserId: user.id, messageId: id });
  } catch (err) {
    return refusal(err);
  }
  refresh();
  return { ok: true, message: "Nachricht ohne Antwort geschlossen." };
}
