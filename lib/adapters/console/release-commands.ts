import { aggregateViews, purgeEvents } from "@/lib/domains/analytics/aggregate-views";
import { pruneExpiredTokens } from "@/lib/domains/api-tokens/tokens";
import { publishDueReleases } from "@/lib/domains/releases/publish-scheduled";
import { reindexSearch } from "@/lib/domains/releases/search";
import { sweepReviews } from "@/lib/domains/review/sweep-reviews";
import { defineCommand, wholeFlag, wrongCall } from "./registry";

// A technical failure throws and the entry point exits 1; quota or image blocks are business
// outcomes and exit 0 (spec 4.7, 7).

export const publishScheduled = defineCommand({
  usage: "press-releases:publish-scheduled",
  description: "Publish scheduled releases whose time has come (skips those waiting for a person).",
  async run(_args, io) {
    const run = await publishDueReleases();
    io.out(`published ${run.published.length}, blocked ${run.blocked.length}`);
    for (const b of run.blocked) io.out(`  release ${b.id}: ${b.outcome}`);
    return 0;
  },
});

export const sweepReviewsCommand = defineCommand({
  usage: "press-releases:sweep-reviews",
  description: "Ask again for checks that never came; try again publications a quota or image block held up.",
  async run(_args, io) {
    const run = await sweepReviews();
    io.out(
      `checks requested ${run.requested.length}, published ${run.published.length}, still blocked ${run.blocked.length}, failed ${run.failed.length}`,
    );
    for (const id of run.requested) io.out(`  release ${id}: check requested`);
    for (const b of run.blocked) io.out(`  release ${b.id}: ${b.outcome}`);
    // A technical failure of one release did not stop the others; the command still exits 1.
    for (const f of run.failed) io.err(`  release ${f.id}: failed: ${f.error}`);
    return run.failed.length ? 1 : 0;
  },
});

const REINDEX_USAGE = "press-releases:reindex-search [--batch=500]";

export const reindexSearchCommand = defineCommand({
  description: "Rebuild the search mirror press_release_search from the releases.",
  usage: REINDEX_USAGE,
  flags: ["batch"],
  async run(args, io) {
    const batchSize = wholeFlag(args, "batch", { min: 1 }) ?? 500;
    if (typeof batchSize === "string") return wrongCall(io, REINDEX_USAGE, batchSize);
    const done = await reindexSearch({ batchSize, onProgress: (n) => io.out(`  ${n} releases`) });
    io.out(`reindexed ${done} releases`);
    return 0;
  },
});

export const pruneExpiredTokensCommand = defineCommand({
  usage: "tokens:prune-expired",
  description: "Remove API tokens 30 days after their expiry.",
  async run(_args, io) {
    io.out(`removed ${await pruneExpiredTokens()} expired tokens`);
    return 0;
  },
});

export const aggregateViewsCommand = defineCommand({
  usage: "press-releases:aggregate-views",
  description: "Book view events into release hits (under a lock, with the watermark).",
  async run(_args, io) {
    const r = await aggregateViews();
    io.out(
      r.outcome === "done"
        ? `booked ${r.events} views in ${r.batches} batches, watermark ${r.watermark}`
        : `aborted (${r.reason}) after ${r.events} views`,
    );
    // Another run holding the lock is not a failure; a moved watermark or a lost lock is.
    return r.outcome === "done" || r.reason === "locked" ? 0 : 1;
  },
});

export const purgeEventsCommand = defineCommand({
  usage: "press-releases:purge-events",
  description: "Delete release events older than 395 days that are booked (at or below the watermark).",
  async run(_args, io) {
    io.out(`deleted ${(await purgeEvents()).deleted} events`);
    return 0;
  },
});
