import { readFile } from "node:fs/promises";
import { EVIDENCE_EXPORT_PREFIX, exportReleaseEvidence, verifyEvidenceExport } from "@/lib/domains/evidence/export";
import { ARCHIVE_JOB_DEFAULT_LIMIT, runPendingArchiveJobs } from "@/lib/domains/evidence/pending-jobs";
import { purgeArchive } from "@/lib/domains/evidence/purge-archive";
import { reregisterImages } from "@/lib/domains/evidence/reregister-images";
import { archivePublicKeys } from "@/lib/domains/evidence/signing";
import { sweepArchiveOrphans } from "@/lib/domains/evidence/sweep-archive-orphans";
import { AppError } from "@/lib/core/errors/errors";
import { parseRecordId } from "@/lib/core/input/ids";
import { assertStorageKey, getFileStorage } from "@/lib/core/storage/file-storage";
import { bareFlag, defineCommand, wholeFlag, wrongCall } from "./registry";

// The evidence archive of spec 4.7 (archive:retry-pending, sweep-orphans, reregister,
// verify-export) and archive:export. A job that failed, an export that does not verify or an
// unsigned one without --accept-unsigned exit 1.

const RETRY_USAGE = `archive:retry-pending [--limit=${ARCHIVE_JOB_DEFAULT_LIMIT}]`;

export const archiveRetryPendingCommand = defineCommand({
  description: "Run the open evidence-archive jobs (originals, snapshots, confirmations, removals).",
  usage: RETRY_USAGE,
  help: [
    "",
    "Each open job is tried once: its entries are recorded and the job completed, or its attempt",
    "counted with the reason in last_error. Several runs may work at once; none takes another's job.",
    `  --limit=N    try at most N jobs (default ${ARCHIVE_JOB_DEFAULT_LIMIT})`,
  ],
  flags: ["limit"],
  async run(args, io) {
    const limit = wholeFlag(args, "limit", { min: 1, max: 100_000 }) ?? ARCHIVE_JOB_DEFAULT_LIMIT;
    if (typeof limit === "string") return wrongCall(io, RETRY_USAGE, limit);
    const r = await runPendingArchiveJobs({ limit });
    io.out(`done ${r.done}, failed ${r.failed}, open ${r.remaining}`);
    if (r.failed) io.err(`${r.failed} archive jobs failed; their last_error says why (archive_pending_jobs)`);
    return r.failed ? 1 : 0;
  },
});

const SWEEP_USAGE = "archive:sweep-orphans [--dry-run]";

export const archiveSweepOrphansCommand = defineCommand({
  description: "Close archive jobs whose subject is gone and delete evidence files nothing refers to.",
  usage: SWEEP_USAGE,
  help: [
    "",
    'Open jobs whose image or release no longer exists are completed with last_error "subject gone";',
    "archive_pending_at markers no open job backs are cleared; files under evidence/ (exports aside)",
    "that no image, snapshot or archive entry names and that are older than 24 hours are deleted.",
    "  --dry-run    list what would happen; nothing changes",
  ],
  flags: ["dry-run"],
  async run(args, io) {
    const dryRun = bareFlag(args, "dry-run");
    if (typeof dryRun === "string") return wrongCall(io, SWEEP_USAGE, dryRun);
    const r = await sweepArchiveOrphans({ dryRun });
    const would = dryRun ? "would " : "";
    for (const j of r.closedJobs) io.out(`${would}close job ${j.id} (${j.operation} ${j.subjectType} ${j.subjectId}): subject gone`);
    for (const id of r.clearedMarkers) io.out(`${would}clear archive_pending_at of release ${id}`);
    for (const f of r.deletedFiles) io.out(`${would}delete ${f.key} (${f.lastModified.toISOString()})`);
    io.out(
      `${dryRun ? "dry run, nothing changed: " : ""}${r.closedJobs.length} jobs closed, ${r.clearedMarkers.length} markers cleared, ${r.deletedFiles.length} files deleted`,
    );
    return 0;
  },
});

const PURGE_USAGE = "archive:purge [--dry-run]";

export const archivePurgeCommand = defineCommand({
  description: "Delete archive entries past their delete-after date, with their files, unless a hold keeps them.",
  usage: PURGE_USAGE,
  help: [
    "",
    "Kept whatever the date: entries under a legal hold (hold_until ahead), entries an open legal",
    "request concerns, and evidence of an image still in use (its date moves on instead). Entries",
    "without dates get them from their creation. Several runs may work at once; none deletes twice.",
    "  --dry-run    list what would go; nothing changes",
  ],
  flags: ["dry-run"],
  async run(args, io) {
    const dryRun = bareFlag(args, "dry-run");
    if (typeof dryRun === "string") return wrongCall(io, PURGE_USAGE, dryRun);
    const r = await purgeArchive({ dryRun });
    const would = dryRun ? "would " : "";
    for (const e of r.purged) io.out(`${would}delete entry ${e.id} (${e.kind}, ${e.subjectType} ${e.subjectId})`);
    for (const f of r.files) io.out(`${would}erase ${f}`);
    io.out(
      `${dryRun ? "dry run, nothing changed: " : ""}${r.purged.length} entries deleted, ${r.files.length} files erased, ${r.dated} dated, ${r.extended} extended (in use); ` +
        `kept past their date: ${r.kept.legalHold} on legal hold, ${r.kept.openLegalRequest} for an open legal request, ${r.kept.inUse} in use`,
    );
    return 0;
  },
});

const REREGISTER_USAGE = "archive:reregister [--dry-run]";

export const archiveReregisterCommand = defineCommand({
  description: "Archive every image that was ever published and has no image_original entry.",
  usage: REREGISTER_USAGE,
  help: [
    "",
    "Opens an image_evidence job for each such image, then runs the open jobs once.",
    "  --dry-run    list the images; nothing changes",
  ],
  flags: ["dry-run"],
  async run(args, io) {
    const dryRun = bareFlag(args, "dry-run");
    if (typeof dryRun === "string") return wrongCall(io, REREGISTER_USAGE, dryRun);
    const r = await reregisterImages({ dryRun });
    for (const i of r.images) io.out(`${dryRun ? "would register" : "registered"} image ${i.imageId} (release ${i.pressReleaseId})`);
    if (!r.run) {
      io.out(`dry run, nothing changed: ${r.images.length} images`);
      return 0;
    }
    io.out(`registered ${r.images.length} images; jobs done ${r.run.done}, failed ${r.run.failed}, open ${r.run.remaining}`);
    return r.run.failed ? 1 : 0;
  },
});

const VERIFY_USAGE = "archive:verify-export <file | evidence/exports/...> [--accept-unsigned]";

async function readExport(source: string): Promise<string | null> {
  if (source.startsWith(EVIDENCE_EXPORT_PREFIX)) {
    assertStorageKey(source);
    return (await getFileStorage().get(source))?.bytes.toString("utf8") ?? null;
  }
  try {
    return await readFile(source, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}

export const archiveVerifyExportCommand = defineCommand({
  description: "Check an evidence export: its signature (current or previous key) and every entry's.",
  usage: VERIFY_USAGE,
  help: [
    "",
    `A path on this machine, or a storage key below ${EVIDENCE_EXPORT_PREFIX}. Exit 0 when valid;`,
    "1 when it does not verify, the key id is unknown, or it is unsigned without --accept-unsigned.",
    "  --accept-unsigned    accept an export without a signature (its entries must still verify)",
  ],
  flags: ["accept-unsigned"],
  maxPositional: 1,
  async run(args, io) {
    const source = args.positional[0];
    if (!source) return wrongCall(io, VERIFY_USAGE, "Name the export file.");
    const acceptUnsigned = bareFlag(args, "accept-unsigned");
    if (typeof acceptUnsigned === "string") return wrongCall(io, VERIFY_USAGE, acceptUnsigned);
    let text: string | null;
    try {
      text = await readExport(source);
    } catch (err) {
      io.err(`cannot read ${source}: ${(err as Error).message}`);
      return 1;
    }
    if (text === null) {
      io.err(`no such export: ${source}`);
      return 1;
    }
    const r = verifyEvidenceExport(text, { acceptUnsigned });
    if (!r.ok) {
      io.err(`invalid: ${r.reason}`);
      return 1;
    }
    io.out(
      r.keyId
        ? `valid: signed with key ${r.keyId}, ${r.entries} entries verified`
        : `valid with a warning: ${r.reason}; ${r.entries} entries verified`,
    );
    return 0;
  },
});

const EXPORT_USAGE = "archive:export <release-id>";

export const archiveExportCommand = defineCommand({
  description: "Write the signed evidence export of one release to storage and print its key.",
  usage: EXPORT_USAGE,
  help: ["", `Stored under ${EVIDENCE_EXPORT_PREFIX}; check it with archive:verify-export.`],
  maxPositional: 1,
  async run(args, io) {
    const pressReleaseId = parseRecordId(args.positional[0]);
    if (!pressReleaseId) return wrongCall(io, EXPORT_USAGE, "Name the release by its id.");
    try {
      const { key, document } = await exportReleaseEvidence({ pressReleaseId });
      io.out(key);
      io.out(`${document.document.entries.length} entries, ${document.document.images.length} images, signed with key ${document.keyId}`);
      return 0;
    } catch (err) {
      if (err instanceof AppError && err.code === "not_found") {
        io.err(err.message);
        return 1;
      }
      throw err;
    }
  },
});

export const archiveKeysCommand = defineCommand({
  description: "Print the archive's Ed25519 public keys (current and ARCHIVE_PREVIOUS_KEYS) by key id.",
  usage: "archive:keys",
  help: ["", "Anyone holding these can verify an export's signature without the secret keys (raw 32-byte keys, base64)."],
  async run(_args, io) {
    for (const k of archivePublicKeys()) io.out(`${k.id}\t${k.publicKeyBase64}${k.current ? "\tcurrent" : ""}`);
    return 0;
  },
});
