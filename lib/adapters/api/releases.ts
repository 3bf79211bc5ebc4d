import type { z } from "zod";
import { newsroomsOfUser, ownReleaseOrThrow } from "@/lib/domains/accounts/newsrooms";
import { db, type Tx } from "@/lib/core/db/client";
import { AppError, forbidden, notFound, type ValidationIssue } from "@/lib/core/errors/errors";
import { deleteRelease } from "@/lib/domains/releases/delete-release";
import { englishIssue } from "@/lib/domains/releases/issue-wording";
import { searchReleases } from "@/lib/domains/releases/search";
import { submitRelease } from "@/lib/domains/releases/submit-release";
import type { WriteField } from "@/lib/domains/releases/write-issues";
import { ReleaseRefused, writeRelease } from "@/lib/domains/releases/write-release";
import { loadReleaseResources } from "./release-resource";
import type { ListQuery, ReleaseInput, ReleaseUpdate } from "./schemas";

// What the v1 and legacy handlers share: v1's input as the one release write (lib/domains/releases/
// write-release.ts) and its refusals in v1's paths and words. Handlers only translate their
// wire format to these inputs.

type Portal = "business" | "tech";

const invalid = (issues: ValidationIssue[]) => new AppError("validation_failed", "The request is not valid.", undefined, issues);
const userActor = (userId: number) => ({ type: "user" as const, userId });

/** A category must be active and belong to the target portal (spec 4.2). */
export async function categoryIdFor(
  slug: string | null | undefined,
  portal: Portal | undefined,
  path = "category",
): Promise<number | null> {
  if (!slug) return null;
  const category = await db.category.findFirst({ where: { slug, isActive: true, ...(portal ? { portal } : {}) }, select: { id: true } });
  if (!category)
    throw invalid([{ path, message: portal ? `No active category "${slug}" on the ${portal} portal.` : `No active category "${slug}".` }]);
  return category.id;
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

/** Where v1 names each field the release rules speak of. */
const V1_PATH: Partial<Record<WriteField, string>> = {
  newsroom: "newsroom_id",
  contactName: "contact.name",
  contactEmail: "contact.email",
  contactPhone: "contact.phone",
  scheduledAt: "scheduled_at",
  aiDeclaration: "ai_declaration",
};

/** writeRelease's refusal in v1's words: a foreign newsroom is 403 (as documented), every other issue a field of the 422. */
async function asV1<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (!(err instanceof ReleaseRefused)) throw err;
    if (err.writeIssues.some((i) => i.field === "newsroom" && i.rule === "not_yours"))
      throw forbidden("You are not a member of this newsroom.");
    throw invalid(
      err.writeIssues.map((i) => ({
        path: i.field === "keywords" && i.index !== undefined ? `keywords.${i.index}` : (V1_PATH[i.field] ?? i.field),
        message: englishIssue(i),
      })),
    );
  }
}

/** A v1 body as the release write: `undefined` keeps the stored value, `null` clears it. */
function writeOf(input: Partial<z.infer<typeof ReleaseInput>>) {
  const contact = input.contact;
  return {
    ...(input.portal ? { portal: input.portal } : {}),
    ...(input.language ? { language: input.language } : {}),
    text: {
      title: input.title,
      lead: input.lead,
      body: input.body,
      location: input.location,
      keywords: input.keywords,
      // A contact object replaces the whole contact; without one the stored contact stays.
      contactName: contact ? (contact.name ?? null) : undefined,
      contactEmail: contact ? (contact.email ?? null) : undefined,
      contactPhone: contact ? (contact.phone ?? null) : undefined,
    },
    category: input.category === undefined ? undefined : input.category ? { slug: input.category } : null,
    scheduledAt: input.scheduled_at === undefined ? undefined : input.scheduled_at ? new Date(input.scheduled_at) : null,
    ...(input.ai_declaration ? { aiDeclaration: input.ai_declaration } : {}),
  };
}

/**
 * Creates a release through the one release write; it is submitted in the same transaction
 * unless `submit: false`. `alsoInTransaction` commits with the draft: an Idempotency-Key binds
 * the new release there.
 */
export async function createReleaseForUser(
  userId: number,
  input: z.infer<typeof ReleaseInput>,
  source: "api" | "legacy_api",
  opts: { alsoInTransaction?: (tx: Tx, releaseId: number) => Promise<unknown> } = {},
) {
  const { releaseId } = await asV1(
    writeRelease({ userId, source, newsroomId: input.newsroom_id, ...writeOf(input), submit: input.submit, ...opts }),
  );
  return (await loadReleaseResources([releaseId]))[0]!;
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
  await asV1(writeRelease({ userId, source: "api", releaseId: id, ...writeOf(input), submit: input.submit }));
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
