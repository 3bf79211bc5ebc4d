import { backfillConfirmations } from "@/lib/domains/images/maintenance/backfill-confirmations";
import { purgeInactiveLegacyImages, LEGACY_RETENTION_DAYS } from "@/lib/domains/images/maintenance/purge-inactive-legacy";
import { sweepOrphanOriginals } from "@/lib/domains/images/maintenance/sweep-orphan-originals";
import { bareFlag, defineCommand, wholeFlag, wrongCall } from "./registry";

// Image maintenance of spec 4.7. Each is the same code a schedule runs; a dry run changes nothing.

const SWEEP_USAGE = "press-release-images:sweep-orphan-originals [--dry-run]";

export const sweepOrphanOriginalsCommand = defineCommand({
  description: "Delete image originals and public image files no image refers to (weekly, Sunday 04:45).",
  usage: SWEEP_USAGE,
  help: [
    "",
    "Files younger than 24 hours are left alone: an upload stores its files before its row commits.",
    "  --dry-run    list the orphans; nothing is deleted",
  ],
  flags: ["dry-run"],
  async run(args, io) {
    const dryRun = bareFlag(args, "dry-run");
    if (typeof dryRun === "string") return wrongCall(io, SWEEP_USAGE, dryRun);
    const r = await sweepOrphanOriginals({ dryRun });
    for (const key of r.orphans) io.out(`${dryRun ? "orphan" : "deleted"} ${key}`);
    io.out(`scanned ${r.scanned} files, ${r.orphans.length} orphans${dryRun ? " (dry run, nothing deleted)" : `, ${r.deleted} deleted`}`);
    return 0;
  },
});

const PURGE_USAGE = "press-release-images:purge-inactive-legacy [--execute]";

export const purgeInactiveLegacyCommand = defineCommand({
  description: "Delete originals of legacy images whose release left the public long ago (dry-run by default).",
  usage: PURGE_USAGE,
  help: [
    "",
    `Legacy (img-confirm-v1) images of releases deleted or removed more than ${LEGACY_RETENTION_DAYS} days ago, without a legal hold or an open legal request.`,
    "Without --execute it only lists them. With it, the originals are deleted; rows, snapshots and archive entries stay.",
  ],
  flags: ["execute"],
  async run(args, io) {
    const execute = bareFlag(args, "execute");
    if (typeof execute === "string") return wrongCall(io, PURGE_USAGE, execute);
    const r = await purgeInactiveLegacyImages({ execute });
    for (const c of r.candidates) io.out(`image ${c.imageId} (release ${c.releaseId})`);
    io.out(
      execute
        ? `purged ${r.purged} of ${r.candidates.length} originals`
        : `dry run: ${r.candidates.length} originals would be purged; run with --execute to delete them`,
    );
    return 0;
  },
});

const BACKFILL_USAGE = "image-rights:backfill-confirmations [--dry-run] [--limit=N]";

export const backfillConfirmationsCommand = defineCommand({
  description: "Record img-confirm-v1 confirmations for legacy published images that have none.",
  usage: BACKFILL_USAGE,
  help: [
    "",
    'Source `backfill`, no client address (ip_hmac "none", key version 0).',
    "  --dry-run    count them; nothing is written",
    "  --limit=N    at most N images (default 10000)",
  ],
  flags: ["dry-run", "limit"],
  async run(args, io) {
    const dryRun = bareFlag(args, "dry-run");
    if (typeof dryRun === "string") return wrongCall(io, BACKFILL_USAGE, dryRun);
    const limit = wholeFlag(args, "limit", { min: 1, max: 1_000_000 });
    if (typeof limit === "string") return wrongCall(io, BACKFILL_USAGE, limit);
    const r = await backfillConfirmations({ dryRun, limit });
    io.out(
      dryRun ? `dry run: ${r.candidates} images lack a confirmation` : `recorded ${r.inserted} confirmations for ${r.candidates} images`,
    );
    return 0;
  },
});
