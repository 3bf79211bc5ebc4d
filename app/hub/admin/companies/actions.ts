"use server";

import { refresh } from "next/cache";
import { redirect } from "next/navigation";
import {
  classifyCompanyEmailAsAdmin,
  decideCompanyAsAdmin,
  deleteCompanyAsAdmin,
  mergePairOf,
  previewCompanyMerge,
  type CompanyAdminAction,
  type MergePreviewResult,
} from "@/lib/adapters/admin/company-actions";
import { requireConfirmedStaff } from "@/lib/domains/auth/session";
import { MAX_REASON_LENGTH } from "@/lib/core/input/admin-reason";
import { actionError, type ActionResult } from "@/lib/core/forms/action-result";
import { formText } from "@/lib/core/forms/form-fields";
import { AppError } from "@/lib/core/errors/errors";
import { parseRecordId } from "@/lib/core/input/ids";

// Tombstone, unmark and delete of /admin/companies/[id], each with a reason, the classification
// of the company e-mail, and the merge preview. The session is checked here; companies:write is
// authorized by the domain, so a refusal is a form message. The preview is a POST of its own form: it runs the merge as a dry run under row locks,
// which no page view may set off.

const MESSAGES = {
  not_found: "Diesen Newsroom gibt es nicht (mehr).",
  conflict: "Das ist im aktuellen Stand dieses Newsrooms nicht möglich. Laden Sie die Seite neu, um den aktuellen Stand zu sehen.",
} as const;

const ACTIONS: readonly CompanyAdminAction[] = ["tombstone", "unmark"];

export async function decideCompany(companyId: number, action: string, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user } = await requireConfirmedStaff();
  const id = parseRecordId(companyId);
  if (id === null) return { ok: false, message: MESSAGES.not_found };
  const known = ACTIONS.find((a) => a === action);
  if (!known) return { ok: false, message: "Diese Aktion gibt es nicht." };
  let releases: number;
  try {
    ({ releases } = await decideCompanyAsAdmin({
      adminUserId: user.id,
      companyId: id,
      action: known,
      reason: formText(form, "reason", MAX_REASON_LENGTH + 1),
    }));
  } catch (err) {
    const { detail: _english, ...result } = actionError(err, MESSAGES);
    return result;
  }
  redirect(`/admin/companies/${id}?erledigt=${known}&pm=${releases}`);
}

export async function deleteCompanyAction(companyId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user } = await requireConfirmedStaff();
  const id = parseRecordId(companyId);
  if (id === null) return { ok: false, message: MESSAGES.not_found };
  try {
    await deleteCompanyAsAdmin({ adminUserId: user.id, companyId: id, reason: formText(form, "reason", MAX_REASON_LENGTH + 1) });
  } catch (err) {
    if (err instanceof AppError && err.code === "conflict")
      return {
        ok: false,
        code: "conflict",
        message: "Dieser Newsroom ist in einen anderen zusammengeführt; gelöscht werden kann nur der bleibende.",
      };
    const { detail: _english, ...result } = actionError(err, MESSAGES);
    return result;
  }
  // The newsroom's own page is "not found" from now on: the list says what happened.
  redirect(`/admin/companies?geloescht=${id}`);
}

export async function classifyEmailAction(companyId: number, _prev: ActionResult | null, form: FormData): Promise<ActionResult> {
  const { user } = await requireConfirmedStaff();
  const id = parseRecordId(companyId);
  if (id === null) return { ok: false, message: MESSAGES.not_found };
  try {
    await classifyCompanyEmailAsAdmin({ adminUserId: user.id, companyId: id, classification: formText(form, "classification", 24) });
  } catch (err) {
    if (err instanceof AppError && err.code === "conflict")
      return { ok: false, message: "Dieser Newsroom hat keine Firmen-E-Mail-Adresse." };
    const { detail: _english, ...result } = actionError(err, MESSAGES);
    return result;
  }
  refresh();
  return { ok: true, message: "Einstufung gespeichert. Sie gilt für alle Newsrooms mit dieser Adresse." };
}

export async function previewMerge(companyId: number, _prev: MergePreviewResult | null, form: FormData): Promise<MergePreviewResult> {
  const { user } = await requireConfirmedStaff();
  const id = parseRecordId(companyId);
  if (id === null) return { ok: false, message: MESSAGES.not_found };
  const pair = mergePairOf(form, id);
  if (!pair) return { ok: false, message: "Bitte geben Sie die Nummer des anderen Newsrooms an." };
  try {
    return { ok: true, preview: await previewCompanyMerge({ adminUserId: user.id, ...pair }) };
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found")
      return { ok: false, message: "Einen Newsroom mit dieser Nummer gibt es nicht." };
    return { ok: false, message: actionError(err, MESSAGES).message ?? "Das hat nicht geklappt." };
  }
}
