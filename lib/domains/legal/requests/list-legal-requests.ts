import { db } from "@/lib/core/db/client";
import type { LegalRequestStatus, LegalRequestTrack, Prisma } from "@/lib/generated/prisma/client";
import { OPEN_STATUSES } from "@/lib/domains/legal-terms/request-status";

// What the queue /admin/legal shows (spec 4.4): requests filtered by status and track, or found
// by the reference the requester quotes (their receipt names it), with the release they concern
// and who took them into review. One query for the page, one for the reviewers of its rows;
// open requests oldest first (first come, first served), any other view newest first.

export const LEGAL_QUEUE_PAGE_SIZE = 50;
const MAX_PAGE = 10_000;

const STATUSES = [
  "received",
  "in_review",
  "approved",
  "rejected",
  "executed",
  "withdrawn",
] as const satisfies readonly LegalRequestStatus[];
const TRACKS = [
  "correction",
  "change",
  "redaction",
  "depublication",
  "report",
  "dsgvo",
  "personal_rights",
] as const satisfies readonly LegalRequestTrack[];

export const LEGAL_STATUS_FILTERS = ["open", ...STATUSES, "all"] as const;
export type LegalStatusFilter = (typeof LEGAL_STATUS_FILTERS)[number];
export const LEGAL_TRACK_FILTERS = ["all", ...TRACKS] as const;
export type LegalTrackFilter = (typeof LEGAL_TRACK_FILTERS)[number];

export interface LegalQueueQuery {
  status: LegalStatusFilter;
  track: LegalTrackFilter;
  page: number;
  /** A reference as typed (trimmed, cut), shown back in the form; "" for none. */
  referenceText: string;
  /** The reference in its stored form (XXXX-XXXX-XXXX), null when none or not one. It finds its request whatever the status and track. */
  reference: string | null;
}

/** "ab12 cd34 ef56", "AB12CD34EF56" or "ab12-cd34-ef56" → "AB12-CD34-EF56"; null for anything else. */
export function normalizeLegalReference(raw: string): string | null {
  const hex = raw.replace(/[\s-]/g, "").toUpperCase();
  return /^[0-9A-F]{12}$/.test(hex) ? `${hex.slice(0, 4)}-${hex.slice(4, 8)}-${hex.slice(8)}` : null;
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The queue's query string, anything unknown read as the default view. */
export function parseLegalQueueQuery(params: Record<string, string | string[] | undefined>): LegalQueueQuery {
  const status = first(params.status);
  const track = first(params.track);
  const page = Number(first(params.page));
  const referenceText = (first(params.reference) ?? "").trim().slice(0, 40);
  return {
    status: (LEGAL_STATUS_FILTERS as readonly string[]).includes(status ?? "") ? (status as LegalStatusFilter) : "open",
    track: (LEGAL_TRACK_FILTERS as readonly string[]).includes(track ?? "") ? (track as LegalTrackFilter) : "all",
    page: Number.isSafeInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    referenceText,
    reference: normalizeLegalReference(referenceText),
  };
}

export interface LegalQueueRow {
  id: number;
  /** The code the requester knows the request by (receipt, mails). */
  reference: string;
  track: LegalRequestTrack;
  source: "form" | "customer" | "admin";
  status: LegalRequestStatus;
  createdAt: Date;
  requesterName: string;
  requesterEmail: string;
  subjectUrl: string | null;
  release: { id: number; title: string } | null;
  reviewer: string | null;
}

export async function listLegalRequests(query: LegalQueueQuery) {
  // A reference names one request: status and track do not hide it. One that is no reference finds nothing.
  const where: Prisma.LegalRequestWhereInput = query.referenceText
    ? { reference: query.reference ?? "" }
    : {
        ...(query.status === "all" ? {} : query.status === "open" ? { status: { in: [...OPEN_STATUSES] } } : { status: query.status }),
        ...(query.track === "all" ? {} : { track: query.track }),
      };
  const order: Prisma.SortOrder = query.status === "open" ? "asc" : "desc";
  const [total, rows] = await Promise.all([
    db.legalRequest.count({ where }),
    db.legalRequest.findMany({
      where,
      orderBy: [{ createdAt: order }, { id: order }],
      skip: (query.page - 1) * LEGAL_QUEUE_PAGE_SIZE,
      take: LEGAL_QUEUE_PAGE_SIZE,
      select: {
        id: true,
        reference: true,
        track: true,
        source: true,
        status: true,
        createdAt: true,
        requesterName: true,
        requesterEmail: true,
        subjectUrl: true,
        pressRelease: { select: { id: true, title: true } },
      },
    }),
  ]);
  const started = rows.length
    ? await db.legalRequestEvent.findMany({
        where: { legalRequestId: { in: rows.map((r) => r.id) }, type: "review_started" },
        orderBy: { id: "asc" },
        select: { legalRequestId: true, actorUserId: true },
      })
    : [];
  const actorIds = [...new Set(started.map((e) => e.actorUserId).filter((id): id is number => id !== null))];
  const actors = new Map(
    (actorIds.length ? await db.user.findMany({ where: { id: { in: actorIds } }, select: { id: true, name: true } }) : []).map((u) => [
      u.id,
      u.name,
    ]),
  );
  const reviewerOf = new Map(started.map((e) => [e.legalRequestId, e.actorUserId ? (actors.get(e.actorUserId) ?? null) : null]));
  const items: LegalQueueRow[] = rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    track: r.track,
    source: r.source,
    status: r.status,
    createdAt: r.createdAt,
    requesterName: r.requesterName,
    requesterEmail: r.requesterEmail,
    subjectUrl: r.subjectUrl,
    release: r.pressRelease,
    reviewer: reviewerOf.get(r.id) ?? null,
  }));
  return {
    ...query,
    rows: items,
    total,
    pageCount: Math.max(1, Math.ceil(total / LEGAL_QUEUE_PAGE_SIZE)),
    counts: await countByStatus(query),
  };
}

/** The status tabs' counts under the track filter: every status, the open ones together, and all. */
async function countByStatus(query: LegalQueueQuery): Promise<Record<LegalStatusFilter, number>> {
  const groups = await db.legalRequest.groupBy({
    by: ["status"],
    where: query.track === "all" ? {} : { track: query.track },
    _count: { _all: true },
  });
  const of = (s: string) => groups.find((g) => g.status === s)?._count._all ?? 0;
  const counts = Object.fromEntries(LEGAL_STATUS_FILTERS.map((s) => [s, of(s)])) as Record<LegalStatusFilter, number>;
  counts.open = OPEN_STATUSES.reduce((sum, s) => sum + of(s), 0);
  counts.all = groups.reduce((sum, g) => sum + g._count._all, 0);
  return counts;
}
