"use server";

import { refresh } from "next/cache";
import { requireConfirmedStaff } from "@/lib/domains/auth/session";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import { formText } from "@/lib/core/forms/form-fields";
import type { ErrorCode } from "@/lib/core/errors/errors";
import { parseRecordId } from "@/lib/core/input/ids";
import { decideLegalRequest, isLegalDecision } from "@/lib/domains/legal/requests/decide-legal-request";
import { NOTE_MAX } from "@/lib/domains/legal/requests/editor-note";
import { executeLegalRequest } from "@/lib/domains/legal/requests/execute-legal-request";
import { executionOptionsOf } from "@/lib/domains/legal/requests/execution-input";
import { startLegalRequestReview } from "@/lib/domains/legal/requests/start-legal-request-review";

// The actions of /admin/legal/[id] (spec 4.4). Each checks the session first (signed in, staff,
// admin confirmation fresh) and calls one function of lib/domains/legal/requests, which authorizes
// compliance:manage from the stored user inside its transaction and writes the event and the
// activity entry. A refusal (no permission, a request another editor decided meanwhile, a
// missing note) is a form message, never an error page or a 500.

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  not_found: "Dieses Anliegen oder die betroffene Pressemitteilung gibt es nicht (mehr).",
  conflict:
    "Das ist im aktuellen Stand nicht möglich, etwa weil jemand anderes das Anliegen inzwischen bearbeitet hat. Laden Sie die Seite neu, um den aktuellen Stand zu sehen.",
};

const unknown = (): ActionResult => ({ ok: false, message: "Dieses Anliegen gibt es nicht (mehr)." });

// The domain words its refusals in English for the logs (and names states and ids); the editor
// reads the German message and the issues beside the fields, never that detail.
function refusal(err: unknown): ActionResult {
  const { detail: _english, ...result } = actionError(err, MESSAGES);
  return result;
}

// "In Prüfung nehmen".
export async function startReview(legalRequestId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user } = await requireConfirmedStaff();
  const id = parseRecordId(legalRequestId);
  if (id === null) return unknown();
  try {
    await startLegalRequestReview({ legalRequestId: id, adminUserId: user.id, note: formText(form, "note", NOTE_MAX + 1) });
    refresh();
    return { ok: true, message: "Das Anliegen ist jetzt bei Ihnen in Prüfung." };
  } catch (err) {
    return refusal(err);
  }
}

// "Stattgeben" or "Ablehnen", with the required reasoning.
export async function decide(legalRequestId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user } = await requireConfirmedStaff();
  const id = parseRecordId(legalRequestId);
  if (id === null) return unknown();
  const decision = formText(form, "decision", 10);
  if (!isLegalDecision(decision))
    return {
      ok: false,
      message: "Bitte prüfen Sie die markierten Felder.",
      issues: { decision: "Bitte wählen Sie „Stattgeben“ oder „Ablehnen“." },
    };
  try {
    const decided = await decideLegalRequest({
      legalRequestId: id,
      adminUserId: user.id,
      decision,
      note: formText(form, "note", NOTE_MAX + 1),
    });
    refresh();
    return {
      ok: true,
      message:
        decided.status === "approved" ? "Stattgegeben. Setzen Sie die Maßnahme jetzt um." : "Abgelehnt. Der Vorgang ist abgeschlossen.",
    };
  } catch (err) {
    return refusal(err);
  }
}

// "Umsetzen": the measure on the release, the public note, the evidence and the mails.
export async function execute(legalRequestId: number, _prev: ActionResult | null, input: unknown): Promise<ActionResult> {
  const { user } = await requireConfirmedStaff();
  const id = parseRecordId(legalRequestId);
  if (id === null) return unknown();
  try {
    const done = await executeLegalRequest({ legalRequestId: id, adminUserId: user.id, ...executionOptionsOf(input) });
    refresh();
    return {
      ok: true,
      message: done.correction
        ? done.correction.kind === "withdrawal"
          ? "Umgesetzt: Die Pressemitteilung ist depubliziert und im Korrekturprotokoll vermerkt."
          : "Umgesetzt: Der Text ist geändert; der datierte Hinweis steht auf der Seite, im Feed und im Korrekturprotokoll."
        : "Umgesetzt: Vermerkt, ohne die Pressemitteilung zu ändern.",
    };
  } catch (err) {
    return refusal(err);
  }
}
