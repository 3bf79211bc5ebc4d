import { Prisma } from "@/lib/generated/prisma/client";

// The records model:prune deletes by age, one entry per rule (spec 6.1, 8). Rules with a
// condition of their own live with their domain and are not repeated here:
// press_release_events (booked only, press-releases:purge-events), failed jobs (queue:prune-failed),
// finished mails (mail:purge), API tokens (tokens:prune-expired), sessions and login links
// (auth/prune), cache invalidations (the poller).

export interface PrunableRecord {
  table: string;
  /** The column whose age decides; an index must lead with it (after `index`'s equality columns). */
  timeColumn: string;
  retentionDays: number;
  /** Why the rule exists, printed by --help and docs/operations.md. */
  reason: string;
  /** The index the purge walks (tests check it exists), so a purge never scans the table. */
  index: readonly string[];
  /** An extra condition on the rows (constant SQL), e.g. only finished queue rows. */
  where?: Prisma.Sql;
}

export const RETENTION_395_DAYS = 395;

export const PRUNABLE_RECORDS: readonly PrunableRecord[] = [
  {
    table: "feed_fetches",
    timeColumn: "fetched_at",
    retentionDays: RETENTION_395_DAYS,
    reason: "feed fetch log, kept 395 days (spec 6.1, 8)",
    index: ["fetched_at"],
  },
  {
    table: "crawler_fetches",
    timeColumn: "fetched_at",
    retentionDays: RETENTION_395_DAYS,
    reason: "crawler fetch log, kept 395 days (spec 6.1, 8)",
    index: ["fetched_at"],
  },
  {
    table: "conversion_events",
    timeColumn: "created_at",
    retentionDays: RETENTION_395_DAYS,
    // A stage-5 row's dedupe key leaves with it: a company paying again after that counts anew.
    reason: "conversion funnel events, kept 395 days (spec 6.1, 8)",
    index: ["created_at"],
  },
  {
    table: "email_bounces",
    timeColumn: "created_at",
    retentionDays: RETENTION_395_DAYS,
    reason: "bounce log, kept 395 days (spec 8); suppressions stay",
    index: ["created_at"],
  },
  {
    table: "job_queue",
    timeColumn: "run_at",
    retentionDays: 30,
    // Finished rows only; nothing reads them after the run. Failed ones go with queue:prune-failed.
    reason: "finished local-queue jobs, kept 30 days like failed ones (spec 8)",
    index: ["status", "run_at"],
    where: Prisma.sql`status = 'done'`,
  },
];

const IDENTIFIER = /^[a-z_]+$/;
for (const r of PRUNABLE_RECORDS) {
  // Table and column names go into SQL as identifiers: only constant snake_case names are allowed.
  if (![r.table, r.timeColumn, ...r.index].every((n) => IDENTIFIER.test(n))) throw new Error(`bad prunable record ${r.table}`);
}
