import { assertCan } from "@/lib/domains/accounts/permissions";
import { deleteCompany } from "@/lib/domains/companies/delete-company";
import { normalizeCompanyEmail } from "@/lib/domains/companies/email-groups/classify-email";
import { setManualClassification } from "@/lib/domains/companies/email-groups/set-manual-classification";
import { mergeCompanies, type MergeOutcome, type MergeRefusal } from "@/lib/domains/companies/merge/merge-companies";
import { db } from "@/lib/core/db/client";
import { EmailClassification } from "@/lib/generated/prisma/enums";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { formText } from "@/lib/core/forms/form-fields";
import { isRecordId, parseRecordId } from "@/lib/core/input/ids";
import { markCompanyGone, unmarkCompanyGone } from "@/lib/domains/releases/tombstone";
import { adminReason } from "@/lib/core/input/admin-reason";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";

// The decisions of /admin/companies/[id] (spec 2.2, 3.1, 4.3, 4.7). Tombstone, unmark, delete and
// the e-mail classification authorize companies:write from the stored user inside the
// transaction that changes anything; the domain writes the activity entry (`company.gone` /
// `company.unmarked` / `company.deleted`, with the reason) and a history row for every release
// a tombstone takes along. The merge is only previewed here, on request.

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
  const gone = {
    companyId: opts.companyId,
    actor: { type: "admin" as const, userId: opts.adminUserId },
    reason,
    ...(opts.now ? { now: opts.now } : {}),
  };
  return db.$transaction(async (tx) => {
    await assertCan(opts.adminUserId, ADMIN_SCREENS.companies.permission, tx);
    return opts.action === "tombstone" ? markCompanyGone(gone, tx) : unmarkCompanyGone(gone, tx);
  });
}

/**
 * The soft delete of a newsroom by staff (spec 2.2): companies:write, read FOR SHARE inside the
 * transaction that deletes, and a reason (the activity entry keeps it). Afterwards the newsroom
 * answers 404 everywhere while its data stays (lib/domains/companies/delete-company.ts).
 */
export async function deleteCompanyAsAdmin(opts: {
  adminUserId: number;
  companyId: number;
  reason: string;
  now?: Date;
}): Promise<{ releases: number; backToDraft: number }> {
  const reason = adminReason(opts.reason);
  // Every ever-published release of the newsroom gets its receipt in this transaction (about two
  // seconds for 3,000 releases): a large newsroom must not run into the default five seconds.
  return db.$transaction(
    async (tx) => {
      await assertCan(opts.adminUserId, ADMIN_SCREENS.companies.permission, tx);
      return deleteCompany(
        { companyId: opts.companyId, actorUserId: opts.adminUserId, reason, ...(opts.now ? { now: opts.now } : {}) },
        tx,
      );
    },
    { maxWait: 15_000, timeout: 120_000 },
  );
}

const CLASSIFICATIONS = Object.values(EmailClassification);

/** The classification chosen in the form; `auto` clears the override (the computed one applies). */
function classificationChoice(raw: unknown): EmailClassification | null {
  if (raw === "auto") return null;
  const found = CLASSIFICATIONS.find((c) => c === raw);
  if (!found)
    throw new AppError("validation_failed", "Unknown classification.", undefined, [
      { path: "classification", message: "Bitte wählen Sie eine Einstufung." },
    ]);
  return found;
}

/**
 * The manual classification of a newsroom's company e-mail (spec 2.2: `manual_classification`
 * on company_email_groups, which survives every recomputation). It belongs to the address, so it
 * holds for every newsroom with that address. companies:write, read inside the transaction that
 * writes; the domain records the activity entry with the editor.
 */
export async function classifyCompanyEmailAsAdmin(opts: {
  adminUserId: number;
  companyId: number;
  classification: unknown;
}): Promise<{ normalizedEmail: string; effective: EmailClassification }> {
  const value = classificationChoice(opts.classification);
  if (!isRecordId(opts.companyId)) throw notFound("Newsroom not found.");
  return db.$transaction(async (tx) => {
    await assertCan(opts.adminUserId, ADMIN_SCREENS.companies.permission, tx);
    const company = await tx.company.findFirst({ where: { id: opts.companyId, deletedAt: null }, select: { email: true } });
    if (!company) throw notFound("Newsroom not found.");
    const email = normalizeCompanyEmail(company.email);
    if (!email) throw new AppError("conflict", "This newsroom has no company e-mail.");
    return setManualClassification({ email, value, actorUserId: opts.adminUserId }, tx);
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
  const merged = await mergeCompanies({
    survivorId: opts.survivorId,
    mergedId: opts.mergedId,
    dryRun: true,
    actorUserId: opts.adminUserId,
  });
  const outcome: PreviewOutcome = merged.kind === "refused" ? { kind: "refused", reason: merged.reason } : merged;
  const named = await db.company.findMany({ where: { id: { in: [opts.survivorId, opts.mergedId] } }, select: { id: true, name: true } });
  const nameOf = (id: number) => named.find((c) => c.id === id)?.name ?? `Nr. ${id}`;
  return { outcome, names: { survivor: nameOf(opts.survivorId), merged: nameOf(opts.mergedId) } };
}
