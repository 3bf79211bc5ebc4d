import { berlinStartOfDay } from "@/lib/domains/billing/agreements/billing-period";
import { archiveColdRows } from "@/lib/core/db/fulltext-maintenance/archive-cold-rows";
import { sweepFulltextTable } from "@/lib/core/db/fulltext-maintenance/sweep-table";
import { formatBytes, type TableSizes } from "@/lib/core/db/fulltext-maintenance/table-sizes";
import { LARGE_FULLTEXT_TABLES } from "@/lib/core/db/online-alter/large-tables";
import { dropOldTables, onlineAlter } from "@/lib/core/db/online-alter/online-alter";
import { AppError } from "@/lib/core/errors/errors";
import { bareFlag, defineCommand, wholeFlag, wrongCall, type ConsoleIo } from "./registry";

// The emergency path for the large full-text tables (spec 4.7; docs/operations.md, "Large
// full-text tables: the emergency path"). A refused table, clause or flag is a wrong call (2);
// a run that could not finish (a lock never granted, a leftover run) is a failure (1).

const TABLES = `Tables: ${LARGE_FULLTEXT_TABLES.join(", ")}.`;

/** A refusal of the call itself exits 2; a conflict with the database's state exits 1. */
async function refusalsAsExitCodes(io: ConsoleIo, usage: string, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.code === "validation_failed") return wrongCall(io, usage, err.message);
    io.err(err.message);
    return 1;
  }
}

const ALTER_USAGE =
  'db:online-alter <table> "<ALTER TABLE actions>" [--batch=5000] [--lock-timeout-ms=2000] [--dry-run] [--clean-stale] | db:online-alter <table> --drop-old [--dry-run]';

export const onlineAlterCommand = defineCommand({
  description: "Change a large full-text table through a shadow copy; the table is locked only for the swap.",
  usage: ALTER_USAGE,
  help: [
    "",
    TABLES,
    "Actions: ADD COLUMN, DROP COLUMN, ALTER COLUMN ... TYPE, ALTER COLUMN ... SET DEFAULT, ADD CONSTRAINT ... NOT VALID",
    '(comma-separated, without "ALTER TABLE <table>"; no ";", no comments).',
    "The shadow gets the change, triggers mirror writes while rows are copied in key batches, then the",
    "shadow takes the table's name in one short transaction. The table before stays as <table>_old_<stamp>.",
    "  --batch=N            rows per copy batch (default 5000)",
    "  --lock-timeout-ms=N  longest wait for the table's lock per try (default 2000; 5 tries, then it gives up)",
    "  --dry-run            apply the actions to a shadow and prove them on the rows, rolled back; nothing changes",
    "  --clean-stale        first remove the shadow and trigger a crashed run left (refused while a run beats)",
    "  --drop-old           remove the <table>_old_<stamp> tables earlier runs kept",
  ],
  flags: ["batch", "lock-timeout-ms", "dry-run", "clean-stale", "drop-old"],
  maxPositional: 2,
  async run(args, io) {
    const [table, clause] = args.positional;
    const batchSize = wholeFlag(args, "batch", { min: 1, max: 100_000 });
    const lockTimeoutMs = wholeFlag(args, "lock-timeout-ms", { min: 10, max: 60_000 });
    if (typeof batchSize === "string") return wrongCall(io, ALTER_USAGE, batchSize);
    if (typeof lockTimeoutMs === "string") return wrongCall(io, ALTER_USAGE, lockTimeoutMs);
    const flags = ["dry-run", "clean-stale", "drop-old"].map((f) => bareFlag(args, f));
    const wrong = flags.find((v) => typeof v === "string");
    if (typeof wrong === "string") return wrongCall(io, ALTER_USAGE, wrong);
    const [dryRun, cleanStale, dropOld] = flags as boolean[];
    if (!table) return wrongCall(io, ALTER_USAGE, `Which table? ${TABLES}`);
    return refusalsAsExitCodes(io, ALTER_USAGE, async () => {
      if (dropOld) {
        if (clause !== undefined) return wrongCall(io, ALTER_USAGE, "--drop-old takes no actions.");
        const names = await dropOldTables({ table, lockTimeoutMs, dryRun });
        for (const n of names) io.out(`${dryRun ? "would drop" : "dropped"} ${n}`);
        io.out(names.length ? `${names.length} old tables ${dryRun ? "found (dry run)" : "dropped"}` : "no old tables");
        return 0;
      }
      if (clause === undefined) return wrongCall(io, ALTER_USAGE, "Which change? Give the ALTER TABLE actions in quotes.");
      const r = await onlineAlter({ table, clause, batchSize, lockTimeoutMs, dryRun, cleanStale, onLine: (l) => io.out(l) });
      if (r.outcome !== "swapped") return r.outcome === "dry-run" ? 0 : 1;
      const rate = r.copyMs > 0 ? Math.round((r.rows / r.copyMs) * 1000) : r.rows;
      io.out(`swapped: ${r.table} now has the change (${r.clause})`);
      io.out(`  copy: ${r.rows} rows in ${r.copyMs} ms (${rate} rows/s)`);
      io.out(
        `  swap: lock waited ${r.swap!.waitedMs} ms, held ${r.swap!.heldMs} ms, ${r.swap!.attempts} ${r.swap!.attempts === 1 ? "try" : "tries"}`,
      );
      io.out(`  total: ${r.totalMs} ms`);
      io.out(`  the table before is kept as ${r.swap!.oldTable}; remove it with: db:online-alter ${r.table} --drop-old`);
      return 0;
    });
  },
});

const ARCHIVE_USAGE = "fulltext:archive <table> --before=YYYY-MM-DD [--batch=5000] [--dry-run]";

export const fulltextArchiveCommand = defineCommand({
  description: "Move activity log rows older than a day into activity_log_archive (no full-text index).",
  usage: ARCHIVE_USAGE,
  help: [
    "",
    "Only activity_log: press_release_search mirrors the releases and has no cold rows (see fulltext:sweep).",
    "The archive (created on first use) has the log's columns without the search tsvector and its GIN index;",
    "the activity report reads only the log, the archive is read by SQL.",
    "  --before=YYYY-MM-DD  rows created before 00:00 (Europe/Berlin) of that day",
    "  --batch=N            rows per moving statement (default 5000)",
    "  --dry-run            count them; nothing moves",
  ],
  flags: ["before", "batch", "dry-run"],
  maxPositional: 1,
  async run(args, io) {
    const [table] = args.positional;
    const batchSize = wholeFlag(args, "batch", { min: 1, max: 100_000 });
    const dryRun = bareFlag(args, "dry-run");
    if (typeof batchSize === "string") return wrongCall(io, ARCHIVE_USAGE, batchSize);
    if (typeof dryRun === "string") return wrongCall(io, ARCHIVE_USAGE, dryRun);
    if (!table) return wrongCall(io, ARCHIVE_USAGE, `Which table? ${TABLES}`);
    const raw = args.flags["before"];
    const before = typeof raw === "string" ? berlinStartOfDay(raw) : null;
    if (!before) return wrongCall(io, ARCHIVE_USAGE, "--before=YYYY-MM-DD (a real day) is required.");
    if (before.getTime() > Date.now()) return wrongCall(io, ARCHIVE_USAGE, "--before lies in the future: that would archive today's rows.");
    return refusalsAsExitCodes(io, ARCHIVE_USAGE, async () => {
      const r = await archiveColdRows({ table, before, batchSize, dryRun, onBatch: (n) => io.out(`  ${n} rows moved`) });
      if (dryRun) io.out(`dry run: ${r.candidates} rows of ${table} are older than ${raw}; nothing moved`);
      else
        io.out(
          `moved ${r.moved} rows of ${table} into ${r.archiveTable} in ${r.batches} batches${r.createdArchive ? ` (${r.archiveTable} created)` : ""}`,
        );
      return 0;
    });
  },
});

const SWEEP_USAGE = "fulltext:sweep <table> [--batch=5000] [--pause-ms=200] [--dry-run]";

const sizeLines = (label: string, s: TableSizes) => [
  `${label}: table ${formatBytes(s.totalBytes)} in all (rows ${formatBytes(s.heapBytes)})`,
  ...s.ginIndexes.map((i) => `  GIN ${i.name}: ${formatBytes(i.bytes)}`),
];

export const fulltextSweepCommand = defineCommand({
  description: "Remove stray rows of a large full-text table in small batches, then VACUUM (ANALYZE) it.",
  usage: SWEEP_USAGE,
  help: [
    "",
    "press_release_search: rows of deleted or vanished releases. activity_log: nothing is removed (insert-only;",
    "rows leave by fulltext:archive); the sweep vacuums it, e.g. after an archive run. Sizes before and after.",
    "  --batch=N     rows per delete (default 5000)",
    "  --pause-ms=N  pause between batches (default 200)",
    "  --dry-run     count them and show sizes; nothing is removed or vacuumed",
  ],
  flags: ["batch", "pause-ms", "dry-run"],
  maxPositional: 1,
  async run(args, io) {
    const [table] = args.positional;
    const batchSize = wholeFlag(args, "batch", { min: 1, max: 100_000 });
    const pauseMs = wholeFlag(args, "pause-ms", { min: 0, max: 60_000 });
    const dryRun = bareFlag(args, "dry-run");
    if (typeof batchSize === "string") return wrongCall(io, SWEEP_USAGE, batchSize);
    if (typeof pauseMs === "string") return wrongCall(io, SWEEP_USAGE, pauseMs);
    if (typeof dryRun === "string") return wrongCall(io, SWEEP_USAGE, dryRun);
    if (!table) return wrongCall(io, SWEEP_USAGE, `Which table? ${TABLES}`);
    return refusalsAsExitCodes(io, SWEEP_USAGE, async () => {
      const r = await sweepFulltextTable({ table, batchSize, pauseMs, dryRun, onBatch: (n) => io.out(`  ${n} rows removed`) });
      for (const l of sizeLines("before", r.before)) io.out(l);
      if (!r.after) {
        io.out(`dry run: ${r.candidates} stray rows in ${table}; nothing removed`);
        return 0;
      }
      for (const l of sizeLines("after VACUUM (ANALYZE)", r.after)) io.out(l);
      io.out(`removed ${r.removed} stray rows of ${table} in ${r.batches} batches; vacuumed`);
      return 0;
    });
  },
});
