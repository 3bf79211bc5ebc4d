import { getConfig } from "@/lib/config";
import { db } from "@/lib/db/client";
import { acceptDocuments, assertLegalAccepted } from "@/lib/legal/documents";
import type { IpHmac } from "@/lib/security/client-ip";
import { parseRecordId } from "@/lib/input/ids";
import { IMPLAUSIBLE_DOMAIN_FORM_MESSAGE, implausibleDomainIssues } from "@/lib/mail/domain-checks/domain-issues";
import { AppError, type ValidationIssue } from "@/lib/http/errors";
import { declareTextAi } from "@/lib/releases/ai-declaration";
import { createRelease, updateRelease, type ReleaseContent } from "@/lib/releases/save-release";
import { submitRelease } from "@/lib/releases/submit-release";
import { berlinLocalToDate } from "./berlin-time";
import { newsroomsOfUser, ownReleaseOrThrow } from "@/lib/companies/newsrooms";
import type { Portal } from "./newsrooms";
import { isAiDeclaration, validateReleaseForm, type FieldIssues, type ReleaseFormValues } from "./release-rules";

const invalid = (issues: FieldIssues) =>
  new AppError("validation_failed", "The release is not valid.", undefined, Object.entries(issues).map(([path, message]): ValidationIssue => ({ path, message: message! })));

/** The rules that need the database: own newsroom, its portal, an active category of that portal, a future time. */
async function checkPlacement(userId: number, v: ReleaseFormValues, companyId: number, storedScheduledAt: Date | null, now: Date) {
  const issues: FieldIssues = {};
  const newsroom = (await newsroomsOfUser(userId)).find((n) => n.id === companyId);
  if (!newsroom) issues.companyId = "Dieser Newsroom gehört nicht zu Ihrem Konto.";
  const portal = v.portal as Portal;
  if (newsroom && !newsroom.portals.includes(portal)) issues.portal = "Dieser Newsroom veröffentlicht nicht auf diesem Portal.";
  const categoryId = parseRecordId(v.categoryId);
  const category = categoryId ? await db.category.findFirst({ where: { id: categoryId, portal, isActive: true }, select: { id: true } }) : null;
  if (!category) issues.categoryId = "Bitte wählen Sie eine aktive Kategorie dieses Portals.";
  const scheduledAt = v.scheduledAt ? berlinLocalToDate(v.scheduledAt) : null;
  if (v.scheduledAt && !scheduledAt) issues.scheduledAt = "Bitte geben Sie Datum und Uhrzeit vollständig an.";
  // A time that passed while the release waited may stay; a newly chosen one must lie ahead.
  if (scheduledAt && scheduledAt <= now && scheduledAt.getTime() !== storedScheduledAt?.getTime()) issues.scheduledAt = "Der Veröffentlichungszeitpunkt muss in der Zukunft liegen.";
  // The same DNS check as the API's (spec 7), after the form's own address rules.
  if ((await implausibleDomainIssues({ contactEmail: v.contactEmail.trim() })).length) issues.contactEmail = IMPLAUSIBLE_DOMAIN_FORM_MESSAGE;
  if (Object.keys(issues).length) throw invalid(issues);
  return { portal, categoryId: category!.id, scheduledAt };
}

function contentOf(v: ReleaseFormValues, categoryId: number, scheduledAt: Date | null): ReleaseContent {
  const optional = (s: string) => s.trim() || null;
  return {
    title: v.title.trim(),
    lead: optional(v.lead),
    // The editor's HTML; createRelease/updateRelease store it through sanitizeReleaseHtml like every entry point.
    body: v.body,
    location: v.location.trim(),
    contactName: v.contactName.trim(),
    contactEmail: v.contactEmail.trim().toLowerCase(),
    contactPhone: optional(v.contactPhone),
    categoryId,
    scheduledAt,
  };
}

/**
 * Before a submission: records the document versions the customer accepted in the form (a
 * version that changed meanwhile is refused, nothing stored) and runs the legal gate, so a
 * refused submission saves nothing either.
 */
async function passLegalGate(userId: number, accepted: { document: string; version: string }[], ip: IpHmac | null): Promise<void> {
  if (accepted.length) {
    try {
      await acceptDocuments(userId, accepted, ip);
    } catch (err) {
      if (err instanceof AppError && err.code === "validation_failed") {
        throw new AppError("legal_acceptance_required", "Die Bedingungen wurden soeben geändert. Bitte lesen Sie die aktuelle Fassung und bestätigen Sie erneut.", err.details);
      }
      throw err;
    }
  }
  await assertLegalAccepted(userId, getConfig().legal.acceptanceGate);
}

/**
 * The dashboard's "save" and "save and submit": creates or updates the release through
 * lib/releases, records the text's AI declaration when it changed, then submits it when asked
 * and allowed (draft or rejected). `autosave`: the form's own save of an existing draft while
 * the customer types; it never submits and touches nothing but a draft.
 */
export async function saveDashboardRelease(opts: { userId: number; releaseId?: number; values: ReleaseFormValues; submit: boolean; autosave?: boolean; acceptDocuments?: { document: string; version: string }[]; ip?: IpHmac | null; now?: Date }): Promise<{ releaseId: number }> {
  const now = opts.now ?? new Date();
  const v = opts.values;
  const existing = opts.releaseId ? await ownReleaseOrThrow(opts.userId, opts.releaseId) : null;
  if (opts.autosave && (!existing || opts.submit)) throw new AppError("conflict", "Only a saved draft is saved automatically, and never submitted.");
  // The newsroom of an existing release is fixed; the form cannot move it elsewhere.
  const companyId = existing?.companyId ?? parseRecordId(v.companyId) ?? 0;
  const issues = validateReleaseForm({ ...v, companyId: String(companyId || "") });
  if (Object.keys(issues).length) throw invalid(issues);
  const { portal, categoryId, scheduledAt } = await checkPlacement(opts.userId, v, companyId, existing?.scheduledAt ?? null, now);
  const content = contentOf(v, categoryId, scheduledAt);
  if (opts.submit) await passLegalGate(opts.userId, opts.acceptDocuments ?? [], opts.ip ?? null);
  const language = v.language as "de" | "en";
  const actor = { type: "user" as const, userId: opts.userId };

  let releaseId: number;
  if (!existing) {
    releaseId = (await createRelease({ companyId, portal, language, authorUserId: opts.userId, source: "dashboard", content, actor })).id;
  } else {
    releaseId = (await updateRelease({ releaseId: existing.id, content, placement: { portal, language }, actor, now, ...(opts.autosave ? { onlyIfStatus: "draft" as const } : {}) })).release.id;
  }
  // Before a submission, so the check already finds the text declared. validateReleaseForm made sure it is one.
  if (isAiDeclaration(v.aiDeclaration)) await declareTextAi({ releaseId, declaration: v.aiDeclaration, actor });
  if (opts.submit) {
    const current = await db.pressRelease.findUniqueOrThrow({ where: { id: releaseId }, select: { status: true } });
    if (current.status === "draft" || current.status === "rejected") await submitRelease({ releaseId, actor, now });
  }
  return { releaseId };
}
