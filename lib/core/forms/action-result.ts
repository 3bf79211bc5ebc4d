import { impersonationRefusalOf } from "@/lib/core/errors/customer-acting";
import type { ErrorCode } from "@/lib/core/errors/errors";
import { toAppError } from "@/lib/core/http/problem";

// What a server action hands back to its form: success, or a message and per-field issues.
// Business errors become German form messages; nothing else leaks to the browser.

export interface ActionResult {
  ok: boolean;
  message?: string;
  /** The domain's own wording, shown small under the message where it adds something. */
  detail?: string;
  code?: ErrorCode;
  issues?: Record<string, string>;
}

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  validation_failed: "Bitte prüfen Sie die markierten Felder.",
  forbidden: "Dafür fehlt Ihnen die Berechtigung.",
  not_found: "Diese Pressemitteilung gibt es nicht (mehr).",
  conflict: "Das ist im aktuellen Status nicht möglich. Laden Sie die Seite neu, um den aktuellen Stand zu sehen.",
  quota_exceeded: "Das monatliche Veröffentlichungskontingent ist aufgebraucht.",
  manual_review_required: "Diese Pressemitteilung muss von einer Person geprüft werden.",
  stale_classification: "Der Text hat sich seit der letzten Prüfung geändert; eine neue Prüfung ist eingeplant.",
  image_rights_confirmation_required: "Für mindestens ein Bild fehlt eine gültige Bestätigung der Bildrechte.",
  identity_proof_required: "Bitte bestätigen Sie Ihre Identität erneut mit Ihrem Passwort.",
  legal_acceptance_required: "Bitte bestätigen Sie die aktuellen Bedingungen unten: Sie sind neu, wurden geändert oder fehlen noch.",
  rate_limited: "Zu viele Versuche. Bitte warten Sie einen Moment.",
  boost_sold_out: "Alle Boost-Plätze sind belegt.",
  insufficient_credits: "Das Guthaben an Credits reicht nicht.",
  change_not_allowed: "Diese Änderung ist nicht möglich.",
};

/** Turns an error into a form result; `messages` words a code for this form (a newsroom is not a release). Unexpected errors are reported and answered generically, never as a 500. */
export function actionError(thrown: unknown, messages: Partial<Record<ErrorCode, string>> = {}): ActionResult {
  // Something only the customer may do, refused by the domain because staff act in the session: its own German reason, whatever the form words as "forbidden".
  const refused = impersonationRefusalOf(thrown);
  if (refused) return refused;
  // The API's mapping: a value the database refused is the form's fault; anything else is reported.
  const err = toAppError(thrown, crypto.randomUUID());
  if (err.status < 500) {
    const issues = Object.fromEntries((err.issues ?? []).map((i) => [i.path, i.message]));
    return {
      ok: false,
      code: err.code,
      message: messages[err.code] ?? MESSAGES[err.code] ?? "Das hat nicht geklappt.",
      ...(err.code === "conflict" || !(messages[err.code] ?? MESSAGES[err.code]) ? { detail: err.message } : {}),
      ...(Object.keys(issues).length ? { issues } : {}),
    };
  }
  if (err.code === "service_unavailable")
    return {
      ok: false,
      code: err.code,
      message: "Der Dienst ist gerade kurz nicht erreichbar. Bitte senden Sie das Formular in einigen Sekunden erneut.",
    };
  return { ok: false, message: "Es ist ein unerwarteter Fehler aufgetreten. Bitte versuchen Sie es erneut." };
}
