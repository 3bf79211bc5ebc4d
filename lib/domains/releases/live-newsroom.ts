import { Prisma } from "@/lib/generated/prisma/client";

// A deleted (companies.deleted_at) or removed (gone_at) newsroom publishes nothing: publish()
// refuses its releases for every actor, and the scheduler, the check and the check sweep leave
// them alone (the health check does not wait for them either).

/** A newsroom whose releases may still be checked and published. */
export const LIVE_NEWSROOM_WHERE = { deletedAt: null, goneAt: null } as const satisfies Prisma.CompanyWhereInput;

export function isLiveNewsroom(company: { deletedAt: Date | null; goneAt: Date | null } | null): boolean {
  return !!company && !company.deletedAt && !company.goneAt;
}

/** LIVE_NEWSROOM_WHERE for release `r` (alias of press_releases), as SQL. */
export const liveNewsroomOfRelease = Prisma.sql`EXISTS (SELECT 1 FROM companies co WHERE co.id = r.company_id AND co.deleted_at IS NULL AND co.gone_at IS NULL)`;

/**
 * Release `r` waits for the automatic check: in review, not deleted or tombstoned, no person
 * deciding it, in a live newsroom (neither publishes). The check sweep's selection and the health
 * check's `overdue` rule, as SQL.
 */
export const inAutomaticReview = Prisma.sql`r.status = 'in_review' AND r.deleted_at IS NULL AND r.gone_at IS NULL
  AND r.review_flagged_at IS NULL AND r.manual_queue_at IS NULL AND r.manual_review_required_at IS NULL
  AND ${liveNewsroomOfRelease}`;
