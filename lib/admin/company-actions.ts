import { assertCan } from "@/lib/accounts/permissions";
import { mergeCompanies, type MergeOutcome, type MergeRefusal } from "@/lib/companies/merge/merge-companies";
import { db } from "@/lib/db/client";
import { formText } from "@/lib/forms/form-fields";
import { parseRecordId } from "@/lib/input/ids";
import { markCompanyGone, unmarkCompanyGone } from "@/lib/releases/tombstone";
import { adminReason } from "./payment-actions";
import { ADMIN_SCREENS } from "./screens";

// The decisions of /admin/companies/[id] (spec 3.1, 4.3, 4.7). Tombstone and unmark authorize
// companies:write from the stored user inside the transaction that changes the newsroom; the
// domain writes the activity entry (`company.gone` / `company.unmarked`, with the reason) and a
// history row for every release it takes along. The merge is only previewed here, on request.

export type CompanyAdminAction = "tombstone" | "unmark";

export interface CompanyAdminActionOptions {
  adminUserId: number;
  companyId: number;
  action: CompanyAdminAction;
  reason: string;
  now?: Date;
}

/**
 * Race: the permission revoked while the editor clicks. The admin's row is read FOR SHARE
 * first, so a revocation committed before is seen and a later one waits; the newsroom's row
 * lock (taken by the domain) orders two editors, and the second meets a conflict.
 */
export async function decideCompanyAsAdmin(opts: CompanyAdminActionOptions): Promise<{ releases: number }> {
  const reason = adminReason(opts.reason);
  const gone = { companyId: opts.companyId, actor: { type: "admin" as const, userId: opts.adminUserId }, reason, ...(opts.now ? { now: opts.now } : {}) };
  return db.$transaction(async (tx) => {
    await assertCan(opts.adminUserId, ADMIN_SCREENS.companies.permission, tx);
    return opts.action === "tombstone" ? markCompanyGone(gone, tx) : unmarkCompanyGone(gone, tx);
  });
}

/** A merge refusal as the screen words it; the domain's English message stays on the server. */
export type PreviewOutcome = Exclude<MergeOutcome, { kind: "refused" }> | { kind: "refused"; reason: MergeRefusal };

export interface MergePreview {
  outcome: PreviewOutcome;
  names: { survivor: string; merged: string };
}

/** What the preview form hands back: the preview, or why there is none. */
export type MergePreviewResult = { ok: true; preview: MergePreview } | { ok: false; message: string };

/**
 * The pair the preview form names, seen from newsroom `companyId`: a candidate's button
 * (`auswahl` = "<number>:aufnehmen|abgeben") or the typed number with the direction chosen.
 * Null when no other newsroom's number is given.
 */
export function mergePairOf(form: unknown, companyId: number): { survivorId: number; mergedId: number } | null {
  const picked = /^([0-9]{1,10}):(aufnehmen|abgeben)$/.exec(formText(form, "auswahl", 24));
  const other = parseRecordId(picked ? picked[1]! : formText(form, "zusammenfuehren", 24).trim());
  if (other === null) return null;
  const keepThis = (picked ? picked[2] : formText(form, "richtung", 24)) !== "abgeben";
  return keepThis ? { survivorId: companyId, mergedId: other } : { survivorId: other, mergedId: companyId };
}

/**
 * What `companies:merge <survivor> <merged>` would do, computed by the merge itself as a dry
 * run (locks and checks included) and rolled back: nothing changes and no activity entry
 * remains. Since it locks both newsrooms, it runs only on the editor's explicit request (the
 * preview form's POST), never while a page is read. Reading needs the same permission as the
 * screen; the merge itself is run on the console.
 */
export async function previewCompanyMerge(opts: { adminUserId: number; survivorId: number; mergedId: number }): Promise<MergePreview> {
  await assertCan(opts.adminUserId, ADMIN_SCREENS.companies.permission);
  const merged = await mergeCompanies({ survivorId: opts.survivorId, mergedId: opts.mergedId, dryRun: true, actorUserId: opts.adminUserId });
  const outcome: PreviewOutcome = merged.kind === "refused" ? { kind: "refused", reason: merged.reason } : merged;
  const named = await db.company.findMany({ where: { id: { in: [opts.survivorId, opts.mergedId] } }, select: { id: true, name: true } });
  const nameOf = (id: number) => named.find((c) => c.id === id)?.name ?? `Nr. ${id}`;
  return { outcome, names: { survivor: nameOf(opts.survivorId), merged: nameOf(opts.mergedId) } };
}
