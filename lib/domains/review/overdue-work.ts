import { db } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { awaitingAutomaticCheck } from "./checked-version";
import { liveNewsroomOfRelease } from "@/lib/domains/releases/live-newsroom";

// Work the machinery left undone (docs/operations.md, "Health"): one rule, read by /health (a
// red `overdue` check), the admin start page (the stuck releases with a way out) and the admin
// release list's "Hängt fest" view. The review sweep asks for a missing check again after 10
// minutes, so a release here means the jobs do not run.

export const OVERDUE_LIMITS = {
  /** In review on the automatic path with no check of its current version for this long. */
  reviewWaitMinutes: 15,
  /** Scheduled and this long past its time with no attempt recorded. */
  scheduledOverdueMinutes: 10,
};

/**
 * Release `r` waits too long for its automatic check. Checked means checked in this round (a
 * release sent back to review unchanged needs a new check), as the sweep reads it.
 */
export const reviewOverdue = Prisma.sql`${awaitingAutomaticCheck}
  AND r.updated_at < now() - make_interval(mins => ${OVERDUE_LIMITS.reviewWaitMinutes})`;

const scheduledOverdue = Prisma.sql`r.status = 'scheduled' AND r.deleted_at IS NULL AND r.gone_at IS NULL AND ${liveNewsroomOfRelease}
  AND r.scheduled_at < now() - make_interval(mins => ${OVERDUE_LIMITS.scheduledOverdueMinutes})
  AND NOT EXISTS (SELECT 1 FROM press_release_history h WHERE h.press_release_id = r.id AND h.created_at >= r.scheduled_at)`;

/** The condition on `press_releases r` of a release stuck in either way. */
export const isOverdue = Prisma.sql`((${reviewOverdue}) OR (${scheduledOverdue}))`;

export async function countOverdueWork(): Promise<{ reviews: number; scheduled: number }> {
  const [row] = await db.$queryRaw<{ reviews: bigint; scheduled: bigint }[]>`
    SELECT
      (SELECT count(*) FROM press_releases r WHERE ${reviewOverdue}) AS reviews,
      (SELECT count(*) FROM press_releases r WHERE ${scheduledOverdue}) AS scheduled`;
  return { reviews: Number(row?.reviews ?? 0), scheduled: Number(row?.scheduled ?? 0) };
}

export interface OverdueRelease {
  id: number;
  title: string;
  companyName: string;
  kind: "review" | "scheduled";
  /** Since when it waits: its last change (review) or its planned time (scheduled). */
  since: Date;
}

/** The stuck releases, longest waiting first. */
export async function listOverdueReleases(limit = 20): Promise<OverdueRelease[]> {
  const rows = await db.$queryRaw<{ id: number; title: string; company_name: string; kind: "review" | "scheduled"; since: Date }[]>`
    SELECT r.id, r.title, co.name AS company_name,
      CASE WHEN r.status = 'scheduled' THEN 'scheduled' ELSE 'review' END AS kind,
      CASE WHEN r.status = 'scheduled' THEN r.scheduled_at ELSE r.updated_at END AS since
    FROM press_releases r JOIN companies co ON co.id = r.company_id
    WHERE ${isOverdue}
    ORDER BY since ASC, r.id ASC
    LIMIT ${limit}`;
  return rows.map((r) => ({ id: r.id, title: r.title, companyName: r.company_name, kind: r.kind, since: r.since }));
}
