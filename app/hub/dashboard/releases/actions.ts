"use server";

import { refresh } from "next/cache";
import { headers } from "next/headers";
import { z } from "zod";
import { redirect } from "next/navigation";
import type { SaveReleaseInput, SaveReleaseResult } from "@/components/dashboard/release-form";
import { requireUser } from "@/lib/domains/auth/session";
import { moveOwnRelease, type CustomerMove } from "@/lib/adapters/dashboard/release-moves";
import { coerceReleaseForm } from "@/lib/adapters/dashboard/release-rules";
import { saveDashboardRelease } from "@/lib/adapters/dashboard/save-dashboard-release";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import { AppError } from "@/lib/core/errors/errors";
import { clientIpOf, ipHmac } from "@/lib/core/security/client-ip";
import { parseRecordId } from "@/lib/core/input/ids";

/** What the browser claims to accept: at most a few short document/version pairs, nothing else. */
const AcceptedDocuments = z
  .array(z.object({ document: z.string().max(100), version: z.string().max(100) }))
  .max(10)
  .catch([]);

// Save, or save and submit, from the release form. A new release continues on its own page.
// The form's autosave of a draft comes the same way, flagged: it never submits, and the page
// is not re-rendered under the customer's hands. `stay`: a new release saved as a draft so an
// image can be attached to it; the form stays open and learns the draft's id.
export async function saveRelease(_prev: ActionResult | null, input: SaveReleaseInput): Promise<SaveReleaseResult> {
  const { user, session } = await requireUser();
  const releaseId = parseRecordId(input?.releaseId) ?? undefined;
  const autosave = input?.autosave === true;
  const stay = input?.stay === true && !releaseId && !autosave;
  const submit = input?.submit === true && !autosave && !stay;
  const acceptDocuments = autosave ? [] : AcceptedDocuments.parse(input?.acceptDocuments ?? []);
  let saved: { releaseId: number };
  try {
    const ip = acceptDocuments.length ? ipHmac(clientIpOf(await headers())) : null;
    saved = await saveDashboardRelease({
      userId: user.id,
      ...(releaseId ? { releaseId } : { newReleaseKey: input?.newReleaseKey }),
      values: coerceReleaseForm(input?.values),
      submit,
      autosave,
      acceptDocuments,
      acting: session,
      ip,
    });
  } catch (err) {
    // The documents to accept may have changed: the page shows the current ones.
    if (err instanceof AppError && err.code === "legal_acceptance_required") refresh();
    return actionError(err, autosave ? { conflict: "Nur Entwürfe werden automatisch gespeichert." } : {});
  }
  if (autosave) return { ok: true, message: "Automatisch gespeichert." };
  if (stay) return { ok: true, message: "Entwurf gespeichert.", releaseId: saved.releaseId };
  if (!releaseId) redirect(`/dashboard/releases/${saved.releaseId}`);
  refresh();
  return { ok: true, message: submit ? "Gespeichert und zur Prüfung eingereicht." : "Gespeichert." };
}

const MOVES: readonly CustomerMove[] = ["withdraw", "archive", "delete"];
const DONE: Record<CustomerMove, string> = {
  withdraw: "Zurückgezogen; die Pressemitteilung ist wieder ein Entwurf.",
  archive: "Archiviert.",
  delete: "Gelöscht.",
};

// Withdraw, archive or delete one of the user's releases (bound to the release id and the move).
export async function moveRelease(
  rawReleaseId: number,
  move: CustomerMove,
  _prev: ActionResult | null,
  _form: FormData,
): Promise<ActionResult> {
  const { user } = await requireUser();
  const releaseId = parseRecordId(rawReleaseId);
  if (!releaseId || !MOVES.includes(move)) return { ok: false, message: "Unbekannte Aktion." };
  try {
    await moveOwnRelease({ userId: user.id, releaseId, move });
  } catch (err) {
    return actionError(err);
  }
  if (move === "delete") redirect("/dashboard");
  refresh();
  return { ok: true, message: DONE[move] };
}
