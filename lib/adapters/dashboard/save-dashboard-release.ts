import { isUniqueViolation } from "@/lib/core/db/unique-violation";
import { AppError } from "@/lib/core/errors/errors";
import { parseRecordId } from "@/lib/core/input/ids";
import type { Acting } from "@/lib/core/errors/customer-acting";
import type { Tx } from "@/lib/core/db/client";
import type { IpHmac } from "@/lib/core/security/client-ip";
import {
  assertMayAcceptDocuments,
  ReleaseRefused,
  releaseWriteIssues,
  writeRelease,
  type ReleaseWrite,
} from "@/lib/domains/releases/write-release";
import { berlinLocalToDate } from "@/lib/core/time/berlin-time";
import { bindNewReleaseKey, isNewReleaseKey, releaseOfNewReleaseKey } from "./new-release-key";
import { formIssuesOf, hasIssues, isAiDeclaration, validateReleaseForm, type FieldIssues, type ReleaseFormValues } from "./release-rules";

const invalid = (issues: FieldIssues) =>
  new AppError(
    "validation_failed",
    "The release is not valid.",
    undefined,
    Object.entries(issues).map(([path, message]) => ({ path, message: message! })),
  );

/**
 * The dashboard's "save" and "save and submit": the form's values as the one release write
 * (lib/domains/releases/write-release.ts) with the guided form's rules, its refusals as the form's
 * German field messages. `autosave`: the form's own save of an existing draft while the
 * customer types; it never submits and touches nothing but a draft. `newReleaseKey`: the form's
 * key for a release not saved yet; an attempt sent again finds the release the first one made.
 */
export async function saveDashboardRelease(opts: SaveOptions): Promise<{ releaseId: number }> {
  if (opts.releaseId || !isNewReleaseKey(opts.newReleaseKey)) return save(opts);
  const key = opts.newReleaseKey;
  const earlier = await releaseOfNewReleaseKey(opts.userId, key);
  if (earlier) return save({ ...opts, releaseId: earlier });
  try {
    return await save(opts, (tx, releaseId) => bindNewReleaseKey(tx, opts.userId, key, releaseId));
  } catch (err) {
    // Two attempts at once: the other one created the release; this one saves into it.
    const created = isUniqueViolation(err) ? await releaseOfNewReleaseKey(opts.userId, key) : null;
    if (!created) throw err;
    return save({ ...opts, releaseId: created });
  }
}

interface SaveOptions {
  userId: number;
  releaseId?: number;
  newReleaseKey?: string | undefined;
  values: ReleaseFormValues;
  submit: boolean;
  autosave?: boolean;
  acceptDocuments?: { document: string; version: string }[];
  /** Who acts in the session: staff in a support access may save, never accept documents for the customer. */
  acting?: Acting;
  ip?: IpHmac | null;
  now?: Date;
}

async function save(
  opts: SaveOptions,
  alsoInTransaction?: (tx: Tx, releaseId: number) => Promise<unknown>,
): Promise<{ releaseId: number }> {
  const v = opts.values;
  // Before the form's own checks, as the refusal names no field.
  assertMayAcceptDocuments({ acceptedDocuments: opts.acceptDocuments ?? [], ...(opts.acting ? { acting: opts.acting } : {}) });
  const issues = validateReleaseForm(v);
  // The newsroom of an existing release is fixed; the form cannot move it elsewhere.
  if (opts.releaseId) delete issues.companyId;
  const scheduledAt = v.scheduledAt ? berlinLocalToDate(v.scheduledAt) : null;
  if (v.scheduledAt && !scheduledAt) issues.scheduledAt ??= "Bitte geben Sie Datum und Uhrzeit vollständig an.";
  const write: ReleaseWrite = {
    userId: opts.userId,
    source: "dashboard",
    ...(opts.releaseId ? { releaseId: opts.releaseId } : { newsroomId: parseRecordId(v.companyId) }),
    portal: v.portal as "business" | "tech",
    language: v.language as "de" | "en",
    text: {
      title: v.title,
      lead: v.lead,
      body: v.body,
      location: v.location,
      contactName: v.contactName,
      contactEmail: v.contactEmail,
      contactPhone: v.contactPhone,
    },
    category: { id: parseRecordId(v.categoryId) ?? 0 },
    scheduledAt,
    ...(isAiDeclaration(v.aiDeclaration) ? { aiDeclaration: v.aiDeclaration } : {}),
    submit: opts.submit,
    guided: true,
    ...(opts.autosave ? { autosave: true } : {}),
    acceptedDocuments: opts.acceptDocuments ?? [],
    ...(opts.acting ? { acting: opts.acting } : {}),
    ip: opts.ip ?? null,
    ...(opts.now ? { now: opts.now } : {}),
    ...(alsoInTransaction ? { alsoInTransaction } : {}),
  };
  // All issues in one answer: the rules that need the database join the form's own (which word
  // a field first, e.g. "choose a category" over "choose an active category").
  if (hasIssues(issues)) throw invalid({ ...formIssuesOf(await releaseWriteIssues(write)), ...issues });
  try {
    return await writeRelease(write);
  } catch (err) {
    if (err instanceof ReleaseRefused) throw invalid(formIssuesOf(err.writeIssues));
    throw err;
  }
}
