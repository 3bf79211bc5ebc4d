import type { z } from "zod";
import { newsroomsOfUser, ownReleaseOrThrow } from "@/lib/companies/newsrooms";
import { db, type Tx } from "@/lib/db/client";
import { AppError, forbidden, notFound, type ValidationIssue } from "@/lib/http/errors";
import { declareTextAi } from "@/lib/releases/ai-declaration";
import { textWithoutMarkup } from "@/lib/releases/content-hash";
import { deleteRelease } from "@/lib/releases/delete-release";
import { createRelease, updateRelease, type ReleaseContent } from "@/lib/releases/save-release";
import { searchReleases } from "@/lib/releases/search";
import { submitRelease } from "@/lib/releases/submit-release";
import { getConfig } from "@/lib/config";
import { assertLegalAccepted } from "@/lib/legal/documents";
import { implausibleDomainIssues } from "@/lib/mail/domain-checks/domain-issues";
import { loadReleaseResources } from "./release-resource";
import type { ListQuery, ReleaseInput, ReleaseUpdate } from "./schemas";

// What the v1 and legacy handlers share: newsroom access, category and portal rules, and the
// calls into lib/releases. Handlers only translate their wire format to these inputs.

export const MIN_BODY_CHARS = 150;
type Portal = "business" | "tech";

const invalid = (issues: ValidationIssue[]) => new AppError("validation_failed", "The request is not valid.", undefined, issues);
const userActor = (userId: number) => ({ type: "user" as const, userId });

async function newsroomForWrite(userId: number, companyId: number) {
  const newsroom = (await newsroomsOfUser(userId)).find((n) => n.id === companyId);
  if (!newsroom) throw forbidden("You are not a member of this newsroom.");
  return newsroom;
}

/** A category must be active and belong to the target portal (spec 4.2). */
export async function categoryIdFor(slug: string | null | undefined, portal: Portal | undefined, path = "category"): Promise<number | null> {
  if (!slug) return null;
  const category = await db.category.findFirst({ where: { slug, isActive: true, ...(portal ? { portal } : {}) }, select: { id: true } });
  if (!category) throw invalid([{ path, message: portal ? `No active category "${slug}" on the ${portal} portal.` : `No active category "${slug}".` }]);
  return category.id;
}

function checkBody(body: string | undefined, issues: ValidationIssue[]) {
  if (body !== undefined && textWithoutMarkup(body).length < MIN_BODY_CHARS) issues.push({ path: "body", message: `The text needs at least ${MIN_BODY_CHARS} characters.` });
}

export async function getReleaseForUser(userId: number, id: number) {
  await ownReleaseOrThrow(userId, id);
  return (await loadReleaseResources([id]))[0]!;
}

export async function listReleasesForUser(userId: number, q: z.infer<typeof ListQuery>) {
  const companyIds = (await newsroomsOfUser(userId)).map((n) => n.id);
  const categoryId = q.category ? await categoryIdFor(q.category, q.portal) : undefined;
  const { ids, total } = await searchReleases({
    companyIds,
    ...(q.q ? { q: q.q } : {}),
    ...(q.status ? { status: q.status } : {}),
    ...(q.language ? { language: q.language } : {}),
    ...(q.portal ? { portal: q.portal } : {}),
    ...(categoryId ? { categoryId } : {}),
    page: q.page,
    perPage: q.per_page,
  });
  return { data: await loadReleaseResources(ids), meta: { page: q.page, per_page: q.per_page, total } };
}

function contentOf(input: Partial<z.infer<typeof ReleaseInput>>, base: ReleaseContent, categoryId: number | null): ReleaseContent {
  return {
    title: input.title ?? base.title,
    lead: input.lead !== undefined ? input.lead : base.lead ?? null,
    body: input.body ?? base.body,
    location: input.location !== undefined ? input.location : base.location ?? null,
    keywords: input.keywords ?? base.keywords ?? [],
    contactName: input.contact ? input.contact.name ?? null : base.contactName ?? null,
    contactEmail: input.contact ? input.contact.email ?? null : base.contactEmail ?? null,
    contactPhone: input.contact ? input.contact.phone ?? null : base.contactPhone ?? null,
    categoryId,
    scheduledAt: input.scheduled_at !== undefined ? (input.scheduled_at ? new Date(input.scheduled_at) : null) : base.scheduledAt ?? null,
  };
}

/**
 * Creates a draft, declares its AI use in the same transaction and submits it when asked.
 * `alsoInTransaction` commits with the draft: an Idempotency-Key binds the new release there.
 */
export async function createReleaseForUser(
  userId: number,
  input: z.infer<typeof ReleaseInput>,
  source: "api" | "legacy_api",
  opts: { alsoInTransaction?: (tx: Tx, releaseId: number) => Promise<unknown> } = {},
) {
  const newsroom = await newsroomForWrite(userId, input.newsroom_id);
  const issues: ValidationIssue[] = [];
  if (!newsroom.portals.includes(input.portal)) issues.push({ path: "portal", message: `This newsroom publishes on ${newsroom.portals.join(" and ")}.` });
  checkBody(input.body, issues);
  issues.push(...(await implausibleDomainIssues({ "contact.email": input.contact?.email })));
  if (issues.length) throw invalid(issues);
  const categoryId = await categoryIdFor(input.category, input.portal);
  // submitRelease holds the gate; asked here too so a refused submission creates no draft.
  if (input.submit) await assertLegalAccepted(userId, getConfig().legal.acceptanceGate);
  const release = await createRelease({
    companyId: newsroom.id,
    portal: input.portal,
    language: input.language,
    authorUserId: userId,
    source,
    content: contentOf(input, { title: input.title, body: input.body }, categoryId),
    actor: userActor(userId),
    async alsoInTransaction(tx, releaseId) {
      // Optional in v1 (clients from before it existed); before the submission, so the check finds it.
      if (input.ai_declaration) await declareTextAi({ releaseId, declaration: input.ai_declaration, actor: userActor(userId) }, tx);
      await opts.alsoInTransaction?.(tx, releaseId);
    },
  });
  return finishCreatedRelease(userId, release.id, input);
}

/**
 * What a create asked for beyond its draft: the submission, once. Also how a retry of a create
 * whose draft was committed before its answer was lost (an outage) finishes it.
 */
export async function finishCreatedRelease(userId: number, releaseId: number, input: Pick<z.infer<typeof ReleaseInput>, "submit">) {
  const release = await db.pressRelease.findFirst({ where: { id: releaseId, deletedAt: null }, select: { status: true } });
  if (!release) throw notFound("The release this request created no longer exists.");
  if (input.submit && release.status === "draft") await submitRelease({ releaseId, actor: userActor(userId) });
  return (await loadReleaseResources([releaseId]))[0]!;
}

export async function updateReleaseForUser(userId: number, id: number, input: z.infer<typeof ReleaseUpdate>) {
  const release = await ownReleaseOrThrow(userId, id);
  const newsroom = await newsroomForWrite(userId, release.companyId);
  const portal = input.portal ?? release.portal;
  const issues: ValidationIssue[] = [];
  if (!newsroom.portals.includes(portal)) issues.push({ path: "portal", message: `This newsroom publishes on ${newsroom.portals.join(" and ")}.` });
  checkBody(input.body, issues);
  issues.push(...(await implausibleDomainIssues({ "contact.email": input.contact?.email })));
  if (issues.length) throw invalid(issues);
  // On a portal change the kept category is checked against the new portal (spec 4.2).
  let categoryId = release.categoryId;
  if (input.category !== undefined) categoryId = await categoryIdFor(input.category, portal);
  else if (categoryId && portal !== release.portal) {
    const kept = await db.category.findUnique({ where: { id: categoryId }, select: { slug: true } });
    categoryId = await categoryIdFor(kept?.slug, portal);
  }
  // submitRelease holds the gate; asked here too so a refused submission changes nothing.
  if (input.submit) await assertLegalAccepted(userId, getConfig().legal.acceptanceGate);
  await updateRelease({
    releaseId: id,
    content: contentOf(input, release, categoryId),
    placement: { portal, language: input.language ?? release.language },
    actor: userActor(userId),
  });
  if (input.ai_declaration) await declareTextAi({ releaseId: id, declaration: input.ai_declaration, actor: userActor(userId) });
  if (input.submit) await submitRelease({ releaseId: id, actor: userActor(userId) });
  return (await loadReleaseResources([id]))[0]!;
}

export async function submitReleaseForUser(userId: number, id: number) {
  await ownReleaseOrThrow(userId, id);
  await submitRelease({ releaseId: id, actor: userActor(userId) });
  return (await loadReleaseResources([id]))[0]!;
}

export async function deleteReleaseForUser(userId: number, id: number) {
  await ownReleaseOrThrow(userId, id);
  await deleteRelease({ releaseId: id, actor: userActor(userId) });
}
