import { db, type Tx } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { isReadableText, UNREADABLE_TEXT_MESSAGE } from "@/lib/core/input/text";
import { contentHash } from "./content-hash";
import { reviewFingerprint, type JudgedImage } from "./review-fingerprint";
import { awaitsAutomaticCheck, judgedImagesOf, recordReviewVoided, reviewVoidedColumns } from "./review-images";
import type { Actor } from "./history";
import { recordLifecycleEvent } from "./lifecycle/record-lifecycle-event";
import { requestAutomaticCheck } from "./request-check";
import { sanitizeReleaseHtml } from "./sanitize";
import { lockRelease } from "./lock";
import { slugify } from "./slug";
import { assertActorMay } from "./actor-rights";
import { discardStaleTextChecks } from "@/lib/domains/releases/discard-text-checks";

export interface ReleaseContent {
  title: string;
  lead?: string | null;
  body: string;
  location?: string | null;
  keywords?: string[];
  contactName?: string | null;
  contactEmail?: string | null;
  contactPhone?: string | null;
  categoryId?: number | null;
  scheduledAt?: Date | null;
}

/** Statuses whose content the customer may still edit directly; published text changes are paid changes. */
export const EDITABLE_STATUSES = ["draft", "rejected", "in_review", "scheduled"] as const;

async function uniqueSlug(tx: Tx, portal: "business" | "tech", language: "de" | "en", title: string): Promise<string> {
  const base = slugify(title);
  for (let n = 1; n < 50; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const taken = await tx.pressRelease.count({ where: { portal, language, slug } });
    if (!taken) return slug;
  }
  return `${base}-${Date.now().toString(36)}`;
}

/**
 * The stored columns of the content: body sanitised, content_hash and review fingerprint over
 * what is stored and the release's judged images (none for a new release).
 */
export function contentColumns(content: ReleaseContent, language: "de" | "en", images: JudgedImage[]) {
  const judged = {
    title: content.title,
    lead: content.lead ?? null,
    body: sanitizeReleaseHtml(content.body),
    location: content.location ?? null,
    keywords: content.keywords ?? [],
    contactName: content.contactName ?? null,
    contactEmail: content.contactEmail ?? null,
    contactPhone: content.contactPhone ?? null,
    categoryId: content.categoryId ?? null,
  };
  return {
    ...judged,
    scheduledAt: content.scheduledAt ?? null,
    contentHash: contentHash(content.title, judged.body),
    reviewFingerprint: reviewFingerprint({ ...judged, language, images }),
  };
}

/**
 * A release's text fields take readable text only (lib/core/input/text.ts: no control character but
 * tab and line breaks, no noncharacter). The doors refuse it first under their own field names;
 * this holds for every path that saves a text.
 */
export function assertReadableContent(content: ReleaseContent): void {
  const fields: [string, string | null | undefined][] = [
    ["title", content.title],
    ["lead", content.lead],
    ["body", content.body],
    ["location", content.location],
    ["contactName", content.contactName],
    ["contactEmail", content.contactEmail],
    ["contactPhone", content.contactPhone],
    ...(content.keywords ?? []).map((k, i): [string, string] => [`keywords.${i}`, k]),
  ];
  const issues = fields
    .filter(([, v]) => typeof v === "string" && !isReadableText(v))
    .map(([path]) => ({ path, message: UNREADABLE_TEXT_MESSAGE }));
  if (issues.length) throw new AppError("validation_failed", "The release contains text that is not readable.", undefined, issues);
}

export interface NewDraft {
  companyId: number;
  portal: "business" | "tech";
  language: "de" | "en";
  authorUserId: number | null;
  source?: "dashboard" | "api" | "legacy_api" | "admin";
  content: ReleaseContent;
  actor: Actor;
}

/** Inserts a draft in the caller's transaction: rights, stored columns, unique slug, history, search mirror. */
export async function insertDraft(tx: Tx, opts: NewDraft) {
  // A new text is the writer's own: it needs `writeReleases` in the newsroom.
  await assertActorMay(tx, opts.actor, { companyId: opts.companyId, authorUserId: opts.actor.userId ?? null }, "edit");
  const c = contentColumns(opts.content, opts.language, []);
  const release = await tx.pressRelease.create({
    data: {
      companyId: opts.companyId,
      portal: opts.portal,
      language: opts.language,
      authorUserId: opts.authorUserId,
      source: opts.source ?? "dashboard",
      slug: await uniqueSlug(tx, opts.portal, opts.language, c.title),
      ...c,
    },
  });
  await recordLifecycleEvent(tx, {
    releaseId: release.id,
    type: "created",
    from: null,
    to: "draft",
    actor: opts.actor,
    outcome: "created",
  });
  return release;
}

/** Runs a transaction that inserts a draft; two creates with the same title raced for one slug: the loser runs again and picks the next one. */
export async function withSlugRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt < 3 && String(err).includes("Unique constraint")) continue;
      throw err;
    }
  }
}

/** Creates a draft. The slug is unique per portal and language; a collision retries with a suffix. */
export async function createRelease(
  opts: NewDraft & {
    /** What the caller records with the new draft, committed or rolled back with it. */
    alsoInTransaction?: (tx: Tx, releaseId: number) => Promise<unknown>;
  },
) {
  assertReadableContent(opts.content);
  return withSlugRetry(() =>
    db.$transaction(async (tx) => {
      const release = await insertDraft(tx, opts);
      await opts.alsoInTransaction?.(tx, release.id);
      return release;
    }),
  );
}

/**
 * Does content_changed_at move (spec 2.3: "only when content changes")? Content is what readers
 * get as the text: the title and the text (content_hash) and the lead above them.
 */
export function isContentChange(
  before: { contentHash: string; lead: string | null },
  after: { contentHash: string; lead: string | null },
): boolean {
  return before.contentHash !== after.contentHash || before.lead !== after.lead;
}

export interface ContentWrite {
  releaseId: number;
  content: ReleaseContent;
  placement?: { portal: "business" | "tech"; language: "de" | "en" };
  actor: Actor;
  now: Date;
  onlyIfStatus?: "draft";
}

/**
 * Writes new content in the caller's transaction, under the release lock. content_hash and the
 * review fingerprint (text and judged images) are recomputed; content_changed_at moves only on
 * a content change (isContentChange). When anything the check judges changed (the
 * fingerprint), checks and a person's approval of the old version are discarded, so they can
 * never publish the new one, and the release goes back to its check.
 */
export async function writeContent(tx: Tx, opts: ContentWrite) {
  const { now } = opts;
  const release = await lockRelease(tx, opts.releaseId);
  await assertActorMay(tx, opts.actor, release, "edit");
  // The dashboard's autosave keeps drafts only; checked on the locked row, so a submission
  // that lands first is never overwritten by a save the customer did not ask for.
  if (opts.onlyIfStatus && release.status !== opts.onlyIfStatus)
    throw new AppError("conflict", `Only a release in status ${opts.onlyIfStatus} is saved automatically; this one is ${release.status}.`);
  if (!(EDITABLE_STATUSES as readonly string[]).includes(release.status) || release.goneAt) {
    throw new AppError(
      "conflict",
      `A release in status ${release.status} cannot be edited; published releases change through a paid change.`,
    );
  }
  const c = contentColumns(opts.content, opts.placement?.language ?? release.language, await judgedImagesOf(tx, release.id));
  const hashChanged = c.contentHash !== release.contentHash;
  const changed = isContentChange(release, c);
  const judgedChanged = c.reviewFingerprint !== release.reviewFingerprint;
  const moved = !!opts.placement && (opts.placement.portal !== release.portal || opts.placement.language !== release.language);
  if (moved && release.publishedEverAt) throw new AppError("conflict", "A release that was published keeps its portal and language.");
  const updated = await tx.pressRelease.update({
    where: { id: release.id },
    data: {
      ...c,
      ...(moved && opts.placement
        ? { ...opts.placement, slug: await uniqueSlug(tx, opts.placement.portal, opts.placement.language, c.title) }
        : {}),
      ...(changed ? { contentChangedAt: now } : {}),
      // A person's approval covered the old version only; a scheduled release that changed
      // needs a new check, by a person when it needs one.
      ...(judgedChanged ? reviewVoidedColumns(release, now) : {}),
    },
  });
  if (hashChanged) await discardStaleTextChecks(tx, release.id, c.contentHash, now);
  if (judgedChanged) await recordReviewVoided(tx, release, c.reviewFingerprint, { actor: opts.actor, now });
  if (changed || judgedChanged || moved) {
    await recordLifecycleEvent(tx, {
      releaseId: release.id,
      type: "edited",
      from: release.status,
      to: updated.status,
      actor: opts.actor,
      history: false,
      data: { contentChanged: changed, judgedChanged, moved },
      now,
    });
  }
  return { release: updated, contentChanged: changed, judgedChanged };
}

/** Saves new content in a transaction of its own (writeContent), then asks for the check a judged change needs. */
export async function updateRelease(opts: Omit<ContentWrite, "now"> & { now?: Date }) {
  const now = opts.now ?? new Date();
  assertReadableContent(opts.content);
  const result = await db.$transaction((tx) => writeContent(tx, { ...opts, now }));
  // A changed release in the automatic check needs a check of its own (the running one judged
  // the old version and is discarded). Releases waiting for a person stay with them.
  const r = result.release;
  if (result.judgedChanged && awaitsAutomaticCheck(r)) {
    await requestAutomaticCheck(r.id, r.reviewFingerprint!, now);
  }
  return result;
}
