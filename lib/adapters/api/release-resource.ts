import type { z } from "zod";
import { getConfig } from "@/lib/core/config";
import { db, isTransaction, type DbOrTx } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { CURRENT_TEXT_DECLARATION } from "@/lib/domains/releases/ai-declaration";
import { publiclyVisibleReleaseWhere } from "@/lib/domains/releases/visibility";
import { getSiteHosts, legacyViewUrl, releaseUrl } from "@/lib/domains/sites";
import type { ReleaseResource, ReviewReason } from "./schemas";

export const RELEASE_INCLUDE = {
  company: { select: { id: true, name: true } },
  category: { select: { slug: true } },
  classifications: { where: { discardedAt: null }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 1 },
  aiDeclarations: CURRENT_TEXT_DECLARATION,
} as const satisfies Prisma.PressReleaseInclude;

type Row = Prisma.PressReleaseGetPayload<{ include: typeof RELEASE_INCLUDE }>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The release as API v1 shows it; `url` only once the page is public. */
export function toReleaseResource(r: Row, isPublic: boolean): z.infer<typeof ReleaseResource> {
  const hosts = getSiteHosts();
  const latest = r.classifications[0];
  return {
    id: r.id,
    status: r.status,
    gone: r.goneAt !== null,
    portal: r.portal,
    language: r.language,
    slug: r.slug,
    title: r.title,
    lead: r.lead,
    body: r.body,
    location: r.location,
    keywords: r.keywords,
    category: r.category?.slug ?? null,
    contact: { name: r.contactName, email: r.contactEmail, phone: r.contactPhone },
    ai_declaration: r.aiDeclarations[0]?.declaration ?? null,
    newsroom: { id: r.company.id, name: r.company.name },
    scheduled_at: iso(r.scheduledAt),
    published_at: iso(r.publishedAt),
    content_changed_at: r.contentChangedAt.toISOString(),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    url: isPublic ? releaseUrl(r, hosts) : null,
    view_url: r.publishedEverAt ? legacyViewUrl(r, hosts) : null,
    canonical_id: r.canonicalPressReleaseId,
    review: {
      attempts: r.automaticAttempts,
      max_attempts: getConfig().review.maxAutomaticAttempts,
      waiting_for_person: r.status === "in_review" && (r.reviewFlaggedAt !== null || r.manualQueueAt !== null),
      latest: latest
        ? { result: latest.result, reasons: latest.reasons as z.infer<typeof ReviewReason>[], checked_at: latest.createdAt.toISOString() }
        : null,
    },
  };
}

/** Loads releases by id in the given order, with what the resource shows (inside `client`'s transaction when it is one). */
export async function loadReleaseResources(ids: number[], client: DbOrTx = db) {
  if (!ids.length) return [];
  const readRows = () => client.pressRelease.findMany({ where: { id: { in: ids }, deletedAt: null }, include: RELEASE_INCLUDE });
  const readVisible = () =>
    client.pressRelease.findMany({ where: { id: { in: ids }, ...publiclyVisibleReleaseWhere() }, select: { id: true } });
  // A transaction's one connection runs its queries one after another.
  const [rows, visible] = isTransaction(client) ? [await readRows(), await readVisible()] : await Promise.all([readRows(), readVisible()]);
  const pub = new Set(visible.map((v) => v.id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [toReleaseResource(r, pub.has(id))] : [];
  });
}
