import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { newsroomsOfUser, ownReleaseOrThrow, type Newsroom } from "@/lib/domains/accounts/newsrooms";
import { getConfig } from "@/lib/core/config";
import { db, type Tx } from "@/lib/core/db/client";
import type { AiDeclarationKind, PressRelease } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/core/errors/errors";
import { acceptDocuments, assertLegalAccepted } from "@/lib/domains/legal-terms/documents";
import { isImplausibleMailDomain } from "@/lib/domains/mail/domain-checks/check-domain";
import type { IpHmac } from "@/lib/core/security/client-ip";
import { declareTextAi } from "./ai-declaration";
import { englishIssue } from "./issue-wording";
import { requestAutomaticCheck } from "./request-check";
import { awaitsAutomaticCheck } from "./review-images";
import { releaseTextIssues, type ReleaseTextFields } from "./rules";
import { assertReadableContent, insertDraft, withSlugRetry, writeContent, type ReleaseContent } from "./save-release";
import { submitInTransaction } from "./submit-release";
import type { WriteIssue } from "./write-issues";

type Portal = "business" | "tech";
type Language = "de" | "en";

/**
 * One write of a release by a customer, whichever door it came through (API v1, the legacy API,
 * the dashboard): create or update, the AI declaration, and the submission, in one transaction.
 * `undefined` keeps what is stored (a partial update); `null` clears an optional field.
 */
export interface ReleaseWrite {
  userId: number;
  source: "api" | "legacy_api" | "dashboard";
  /** Update this release of one of the user's newsrooms; without it, create one in `newsroomId`. */
  releaseId?: number | undefined;
  newsroomId?: number | null | undefined;
  portal?: Portal | undefined;
  language?: Language | undefined;
  text: ReleaseTextFields;
  /** An active category of the release's portal, by slug (the APIs) or id (the dashboard); null for none. */
  category?: { slug: string } | { id: number } | null | undefined;
  scheduledAt?: Date | null | undefined;
  aiDeclaration?: AiDeclarationKind | undefined;
  submit: boolean;
  /**
   * The dashboard's guided form: it also asks for a dateline, a press contact, a category and
   * the AI declaration, and a newly chosen publication time must lie ahead (API clients'
   * past times mean "right after the check", as v1 always did).
   */
  guided?: boolean;
  /** The form's own save of an existing draft while the customer types: never submits, touches nothing but a draft. */
  autosave?: boolean;
  /** Document versions the customer accepted in the form before submitting: the customer's own statement, never staff's in a support access (`acting`). */
  acceptedDocuments?: { document: string; version: string }[];
  acting?: Acting;
  ip?: IpHmac | null;
  /** Committed or rolled back with the write (an Idempotency-Key binds the new release there). */
  alsoInTransaction?: (tx: Tx, releaseId: number) => Promise<unknown>;
  now?: Date;
}

/** writeRelease refused the input: every issue found, in the release's words, for each door to word and place. */
export class ReleaseRefused extends AppError {
  constructor(readonly writeIssues: WriteIssue[]) {
    super(
      "validation_failed",
      "The release is not valid.",
      undefined,
      writeIssues.map((i) => ({ path: i.field, message: englishIssue(i) })),
    );
  }
}

interface Placement {
  newsroom: Newsroom | undefined;
  portal: Portal;
  language: Language;
  categoryId: number | null;
  scheduledAt: Date | null;
}

async function activeCategory(ref: { slug: string } | { id: number }, portal: Portal): Promise<number | null> {
  const where = "slug" in ref ? { slug: ref.slug } : { id: ref.id };
  const row = await db.category.findFirst({ where: { ...where, portal, isActive: true }, select: { id: true } });
  return row?.id ?? null;
}

/** A category is checked against the release's portal, also one kept through a portal change (spec 4.2). */
async function categoryOf(w: ReleaseWrite, existing: PressRelease | null, portal: Portal, issues: WriteIssue[]): Promise<number | null> {
  if (w.category !== undefined) {
    const id = w.category ? await activeCategory(w.category, portal) : null;
    if (w.category && !id)
      issues.push({ field: "category", rule: "not_active", portal, ...("slug" in w.category ? { slug: w.category.slug } : {}) });
    return id;
  }
  const keptId = existing?.categoryId ?? null;
  if (!keptId || !existing || portal === existing.portal) return keptId;
  const kept = await db.category.findUnique({ where: { id: keptId }, select: { slug: true } });
  const id = kept ? await activeCategory({ slug: kept.slug }, portal) : null;
  if (!id) issues.push({ field: "category", rule: "not_active", portal, ...(kept ? { slug: kept.slug } : {}) });
  return id;
}

/** The rules that need the database: own newsroom and its portals, an active category of the portal, the time, a deliverable contact domain. */
async function placementOf(w: ReleaseWrite, existing: PressRelease | null, now: Date, issues: WriteIssue[]): Promise<Placement> {
  const newsroomId = existing?.companyId ?? w.newsroomId ?? null;
  const newsroom = newsroomId ? (await newsroomsOfUser(w.userId)).find((n) => n.id === newsroomId) : undefined;
  if (!newsroomId) issues.push({ field: "newsroom", rule: "required" });
  else if (!newsroom) issues.push({ field: "newsroom", rule: "not_yours" });
  const portal = w.portal ?? existing?.portal;
  const language = w.language ?? existing?.language;
  if (!portal) issues.push({ field: "portal", rule: "required" });
  else if (newsroom && !newsroom.portals.includes(portal))
    issues.push({ field: "portal", rule: "not_on_portal", portals: newsroom.portals });
  if (!language) issues.push({ field: "language", rule: "required" });

  // Against a portal the newsroom may not use, a category check would only add noise.
  const portalValid = !!portal && !issues.some((i) => i.field === "portal");
  const categoryId = portalValid ? await categoryOf(w, existing, portal!, issues) : (existing?.categoryId ?? null);
  if (w.guided && portalValid && !categoryId && !issues.some((i) => i.field === "category"))
    issues.push({ field: "category", rule: "required" });

  const scheduledAt = w.scheduledAt !== undefined ? w.scheduledAt : (existing?.scheduledAt ?? null);
  // A time that passed while the release waited may stay; a newly chosen one must lie ahead.
  if (w.guided && scheduledAt && scheduledAt <= now && scheduledAt.getTime() !== existing?.scheduledAt?.getTime())
    issues.push({ field: "scheduledAt", rule: "in_past" });
  if (w.guided && !w.aiDeclaration) issues.push({ field: "aiDeclaration", rule: "required" });

  // The DNS check of spec 7, only for an address that passed the shape rules.
  const email = w.text.contactEmail?.trim();
  if (email && !issues.some((i) => i.field === "contactEmail") && (await isImplausibleMailDomain(email)))
    issues.push({ field: "contactEmail", rule: "undeliverable" });
  return { newsroom, portal: portal!, language: language!, categoryId, scheduledAt };
}

/** An optional text as stored: trimmed, empty is none; `undefined` (not sent) keeps the stored value. */
function optional(sent: string | null | undefined, stored: string | null | undefined): string | null {
  return sent === undefined ? (stored ?? null) : sent?.trim() || null;
}

/** The content to store: what the write sends, the stored value where it sends nothing. */
function contentOf(w: ReleaseWrite, base: PressRelease | null, placement: Placement): ReleaseContent {
  const t = w.text;
  return {
    title: (t.title ?? base?.title ?? "").trim(),
    lead: optional(t.lead, base?.lead),
    // The HTML as sent; insertDraft and writeContent store it through sanitizeReleaseHtml.
    body: t.body ?? base?.body ?? "",
    location: optional(t.location, base?.location),
    keywords: t.keywords ? t.keywords.map((k) => k.trim()) : (base?.keywords ?? []),
    contactName: optional(t.contactName, base?.contactName),
    contactEmail: optional(t.contactEmail, base?.contactEmail)?.toLowerCase() ?? null,
    contactPhone: optional(t.contactPhone, base?.contactPhone),
    categoryId: placement.categoryId,
    scheduledAt: placement.scheduledAt,
  };
}

/** Accepting the legal documents is the customer's own statement; support access saves without it. */
export function assertMayAcceptDocuments(w: Pick<ReleaseWrite, "acceptedDocuments" | "acting">): void {
  if (w.acceptedDocuments?.length) assertNotImpersonating(w.acting, "legal_acceptance");
}

/**
 * Before a submission: records the document versions the customer accepted in the form (a
 * version that changed meanwhile is refused, nothing stored) and runs the legal gate, so a
 * refused submission saves nothing either.
 */
async function passLegalGate(w: ReleaseWrite): Promise<void> {
  if (w.acceptedDocuments?.length) {
    try {
      await acceptDocuments(w.userId, w.acceptedDocuments, w.ip ?? null);
    } catch (err) {
      if (err instanceof AppError && err.code === "validation_failed") {
        throw new AppError(
          "legal_acceptance_required",
          "Die Bedingungen wurden soeben geändert. Bitte lesen Sie die aktuelle Fassung und bestätigen Sie erneut.",
          err.details,
        );
      }
      throw err;
    }
  }
  await assertLegalAccepted(w.userId, getConfig().legal.acceptanceGate);
}

/** The release rules and the placement rules of one write, every issue at once. */
async function judgeWrite(w: ReleaseWrite, existing: PressRelease | null, now: Date) {
  const issues: WriteIssue[] = releaseTextIssues(existing ? w.text : { title: "", body: "", ...w.text }, { guided: !!w.guided });
  const placement = await placementOf(w, existing, now, issues);
  return { issues, placement };
}

/**
 * Every issue writeRelease would refuse this write with, writing nothing: a door whose own
 * checks already failed asks it too, so the customer learns of all issues in one answer
 * (a category no longer active, a time in the past) instead of one round after another.
 */
export async function releaseWriteIssues(w: ReleaseWrite): Promise<WriteIssue[]> {
  const existing = w.releaseId !== undefined ? await ownReleaseOrThrow(w.userId, w.releaseId) : null;
  return (await judgeWrite(w, existing, w.now ?? new Date())).issues;
}

/**
 * Creates or updates a customer's release and, when asked, submits it: the release rules
 * (rules.ts) and the placement rules first, every issue at once (ReleaseRefused); the legal
 * gate before a submission; then one transaction for the text, its AI declaration, the
 * submission and the caller's own row. A submission of a release already in review or
 * scheduled is no new submission: the save goes through, the release keeps its place.
 */
export async function writeRelease(w: ReleaseWrite): Promise<{ releaseId: number; submitted: boolean }> {
  const now = w.now ?? new Date();
  assertMayAcceptDocuments(w);
  const existing = w.releaseId !== undefined ? await ownReleaseOrThrow(w.userId, w.releaseId) : null;
  if (w.autosave && (!existing || w.submit))
    throw new AppError("conflict", "Only a saved draft is saved automatically, and never submitted.");

  const { issues, placement } = await judgeWrite(w, existing, now);
  if (issues.length) throw new ReleaseRefused(issues);
  const content = contentOf(w, existing, placement);
  assertReadableContent(content);
  if (w.submit) await passLegalGate(w);

  const actor = { type: "user" as const, userId: w.userId };
  const afterCommit: { check?: string } = {};
  const inTransaction = async (tx: Tx) => {
    delete afterCommit.check;
    let releaseId: number;
    let submittable = true;
    if (!existing) {
      releaseId = (
        await insertDraft(tx, {
          companyId: placement.newsroom!.id,
          portal: placement.portal,
          language: placement.language,
          authorUserId: w.userId,
          source: w.source,
          content,
          actor,
        })
      ).id;
    } else {
      const saved = await writeContent(tx, {
        releaseId: existing.id,
        content,
        placement: { portal: placement.portal, language: placement.language },
        actor,
        now,
        ...(w.autosave ? { onlyIfStatus: "draft" as const } : {}),
      });
      releaseId = saved.release.id;
      if (saved.judgedChanged && awaitsAutomaticCheck(saved.release)) afterCommit.check = saved.release.reviewFingerprint!;
      submittable = saved.release.status === "draft" || saved.release.status === "rejected";
    }
    // Before the submission, so the check finds the text declared.
    if (w.aiDeclaration) await declareTextAi({ releaseId, declaration: w.aiDeclaration, actor }, tx);
    let submitted = false;
    if (w.submit && submittable) {
      const result = await submitInTransaction(tx, { releaseId, actor, now });
      if (!result.toHuman) afterCommit.check = result.reviewFingerprint;
      submitted = true;
    }
    await w.alsoInTransaction?.(tx, releaseId);
    return { releaseId, submitted };
  };
  const result = existing ? await db.$transaction(inTransaction) : await withSlugRetry(() => db.$transaction(inTransaction));
  if (afterCommit.check) await requestAutomaticCheck(result.releaseId, afterCommit.check, now);
  return result;
}
