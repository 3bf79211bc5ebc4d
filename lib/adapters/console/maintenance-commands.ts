import { MIN_DRAFT_RETENTION_DAYS } from "@/lib/core/config/schema";
import { checkDay, startOfBerlinDay } from "@/lib/domains/reports/report-range";
import { assignCanonicals } from "@/lib/domains/releases/maintenance/assign-canonicals";
import { backfillPublishedEver } from "@/lib/domains/releases/maintenance/backfill-published-ever";
import { duplicatesReport } from "@/lib/domains/releases/maintenance/duplicates-report";
import { hashContent } from "@/lib/domains/releases/maintenance/hash-content";
import { DELETED_RELEASE_RETENTION_DAYS, purgeDrafts } from "@/lib/domains/releases/maintenance/purge-drafts";
import { FAILED_JOB_RETENTION_DAYS, pruneFailedJobs } from "@/lib/domains/retention/prune-failed-jobs";
import { pruneModel } from "@/lib/domains/retention/prune-model";
import { PRUNABLE_RECORDS } from "@/lib/domains/retention/prunable";
import { bareFlag, defineCommand, wholeFlag, wrongCall, type ParsedArgs } from "./registry";

// Retention and release maintenance of spec 4.7. Each is a thin adapter over lib/domains/retention or
// lib/domains/releases/maintenance, the code the scheduled jobs run.

const DRY_RUN_HELP = "  --dry-run   count or list only; nothing is changed";

/** --dry-run as a boolean, or the reason the call is wrong. */
function dryRunOf(args: ParsedArgs): boolean | string {
  return bareFlag(args, "dry-run");
}

const QUEUE_USAGE = `queue:prune-failed [--days=${FAILED_JOB_RETENTION_DAYS}] [--dry-run]`;

export const queuePruneFailedCommand = defineCommand({
  description: "Remove failed jobs of the local queue after 30 days (job_queue, failed_jobs).",
  usage: QUEUE_USAGE,
  help: [
    `  --days=N    age in days (default ${FAILED_JOB_RETENTION_DAYS}, spec 8)`,
    DRY_RUN_HELP,
    "On Inngest, failed runs are kept by Inngest itself (its dashboard); this prunes the local tables only.",
  ],
  flags: ["days", "dry-run"],
  async run(args, io) {
    const days = wholeFlag(args, "days", { min: 1, max: 3650 });
    const dryRun = dryRunOf(args);
    if (typeof days === "string") return wrongCall(io, QUEUE_USAGE, days);
    if (typeof dryRun === "string") return wrongCall(io, QUEUE_USAGE, dryRun);
    const r = await pruneFailedJobs({ days, dryRun });
    io.out(
      `${dryRun ? "would delete" : "deleted"} ${r.queueRows} failed queue rows and ${r.failedJobs} failed_jobs rows older than ${days ?? FAILED_JOB_RETENTION_DAYS} days`,
    );
    if (r.runsOnInngest) io.out("jobs run on Inngest: its failed runs are kept there (see the Inngest dashboard), not in these tables");
    return 0;
  },
});

export const modelPruneCommand = defineCommand({
  description: "Delete log records past their retention (feed, crawler, conversion, bounce logs: 395 days).",
  usage: "model:prune [--dry-run]",
  help: [
    DRY_RUN_HELP,
    "Daily 04:05. Deletes in batches of 5,000 rows per statement:",
    ...PRUNABLE_RECORDS.map((r) => `  ${r.table.padEnd(18)} ${r.reason}`),
  ],
  flags: ["dry-run"],
  async run(args, io) {
    const dryRun = dryRunOf(args);
    if (typeof dryRun === "string") return wrongCall(io, "model:prune [--dry-run]", dryRun);
    const tables = await pruneModel({ dryRun });
    for (const t of tables) io.out(`${t.table}: ${dryRun ? "would delete" : "deleted"} ${t.rows} rows older than ${t.retentionDays} days`);
    io.out(`${dryRun ? "would delete" : "deleted"} ${tables.reduce((n, t) => n + t.rows, 0)} rows in ${tables.length} tables`);
    return 0;
  },
});

const PURGE_USAGE = "press-releases:purge-drafts [--days=N] [--dry-run]";

export const purgeDraftsCommand = defineCommand({
  description: "Delete drafts never published and untouched for DRAFT_RETENTION_DAYS, with their images.",
  usage: PURGE_USAGE,
  help: [
    `  --days=N    untouched days of a draft, at least ${MIN_DRAFT_RETENTION_DAYS} (default DRAFT_RETENTION_DAYS, 365)`,
    DRY_RUN_HELP,
    `Also releases deleted by their newsroom before they were ever published, ${DELETED_RELEASE_RETENTION_DAYS} days after the deletion.`,
    "Images go with them: rows, confirmations, snapshots and files. Never touched: a release that was",
    "ever public, one with a legal request or a legal hold, open archive work, a boost or a paid change.",
  ],
  flags: ["days", "dry-run"],
  async run(args, io) {
    const days = wholeFlag(args, "days", { min: MIN_DRAFT_RETENTION_DAYS, max: 36500 });
    const dryRun = dryRunOf(args);
    if (typeof days === "string") return wrongCall(io, PURGE_USAGE, days);
    if (typeof dryRun === "string") return wrongCall(io, PURGE_USAGE, dryRun);
    const r = await purgeDrafts({ days, dryRun });
    for (const p of r.purged)
      io.out(
        `${dryRun ? "would purge" : "purged"} release ${p.id} (newsroom ${p.companyId}, ${p.reason === "deleted" ? "deleted" : "stale draft"}, ${p.images} images)`,
      );
    for (const k of r.kept) io.out(`kept release ${k.id}: ${k.why}`);
    io.out(
      `${dryRun ? "would purge" : "purged"} ${r.purged.length} releases (drafts untouched for ${r.days} days), ${r.files} files; kept ${r.kept.length}`,
    );
    return 0;
  },
});

export const hashContentCommand = defineCommand({
  description: "Recompute content_hash (title plus text without markup) where it is missing or wrong.",
  usage: "press-releases:hash-content [--dry-run]",
  help: [DRY_RUN_HELP],
  flags: ["dry-run"],
  async run(args, io) {
    const dryRun = dryRunOf(args);
    if (typeof dryRun === "string") return wrongCall(io, "press-releases:hash-content [--dry-run]", dryRun);
    const r = await hashContent({ dryRun });
    if (r.fixedIds.length) io.out(`  releases: ${r.fixedIds.join(", ")}`);
    io.out(`checked ${r.checked} releases, ${dryRun ? "would fix" : "fixed"} ${r.fixed} hashes`);
    return 0;
  },
});

export const assignCanonicalsCommand = defineCommand({
  description: "Point the later copy of a release published on both portals to its first source.",
  usage: "press-releases:assign-canonicals [--dry-run]",
  help: [DRY_RUN_HELP, "Does nothing while CANONICAL_ASSIGNMENT_ENABLED is off (exit 0)."],
  flags: ["dry-run"],
  async run(args, io) {
    const dryRun = dryRunOf(args);
    if (typeof dryRun === "string") return wrongCall(io, "press-releases:assign-canonicals [--dry-run]", dryRun);
    const r = await assignCanonicals({ dryRun });
    if (!r.enabled) {
      io.out("canonical assignment is off (CANONICAL_ASSIGNMENT_ENABLED=false): nothing assigned");
      return 0;
    }
    for (const a of r.assigned) io.out(`  release ${a.id} -> canonical ${a.canonicalId}`);
    io.out(`${dryRun ? "would assign" : "assigned"} ${r.assigned.length} canonicals`);
    return 0;
  },
});

const DUPLICATES_USAGE = "press-releases:duplicates-report [--since=YYYY-MM-DD] [--limit=50]";

export const duplicatesReportCommand = defineCommand({
  description: "List groups of releases with the same content hash (within or across newsrooms).",
  usage: DUPLICATES_USAGE,
  help: [
    "  --since=YYYY-MM-DD   only groups with a release created on or after this day (German time)",
    "  --limit=N            groups shown (default 50)",
    "Reads only; sends nothing.",
  ],
  flags: ["since", "limit"],
  async run(args, io) {
    const limit = wholeFlag(args, "limit", { min: 1, max: 10_000 });
    if (typeof limit === "string") return wrongCall(io, DUPLICATES_USAGE, limit);
    let since: Date | undefined;
    if (args.flags["since"] !== undefined) {
      const day = checkDay(args.flags["since"]);
      if (!("day" in day)) return wrongCall(io, DUPLICATES_USAGE, `--since must be a day YYYY-MM-DD (${day.problem})`);
      since = startOfBerlinDay(day.day);
    }
    const r = await duplicatesReport({ since, limit });
    for (const g of r.groups) {
      io.out(
        `hash ${g.contentHash.slice(0, 12)}: ${g.releases.length} releases, ${g.acrossNewsrooms ? "across newsrooms" : "one newsroom"}`,
      );
      for (const m of g.releases)
        io.out(
          `  release ${m.id}  newsroom ${m.companyId} "${m.newsroom}"  ${m.portal}/${m.language}  ${m.status}  canonical ${m.canonicalId ?? "-"}`,
        );
    }
    io.out(`${r.groups.length} groups${r.more ? " (more: raise --limit)" : ""}`);
    return 0;
  },
});

export const backfillPublishedEverCommand = defineCommand({
  description: "Set published_ever_at for releases that were published but have none (idempotent).",
  usage: "press-releases:backfill-published-ever [--dry-run]",
  help: [DRY_RUN_HELP, "The earliest publish time known: the first `published` history entry or published_at."],
  flags: ["dry-run"],
  async run(args, io) {
    const dryRun = dryRunOf(args);
    if (typeof dryRun === "string") return wrongCall(io, "press-releases:backfill-published-ever [--dry-run]", dryRun);
    const r = await backfillPublishedEver({ dryRun });
    for (const x of r.releases) io.out(`  release ${x.id}: ${x.publishedEverAt.toISOString()}`);
    io.out(`${dryRun ? "would set" : "set"} published_ever_at on ${r.releases.length} releases`);
    return 0;
  },
});
