import { pruneExpiredTokens } from "@/lib/api-tokens/tokens";
import { publishDueReleases } from "@/lib/releases/publish-scheduled";
import { reindexSearch } from "@/lib/releases/search";
import type { ConsoleCommand } from "./registry";

// A technical failure throws and the entry point exits 1; quota or image blocks are business
// outcomes and exit 0 (spec 4.7, 7).

export const publishScheduled: ConsoleCommand = {
  description: "Publish scheduled releases whose time has come (skips those waiting for a person).",
  async run(_args, io) {
    const run = await publishDueReleases();
    io.out(`published ${run.published.length}, blocked ${run.blocked.length}`);
    for (const b of run.blocked) io.out(`  release ${b.id}: ${b.outcome}`);
    return 0;
  },
};

export const reindexSearchCommand: ConsoleCommand = {
  description: "Rebuild the search mirror press_release_search from the releases.",
  async run(args, io) {
    const batchSize = typeof args.flags["batch"] === "string" ? Number(args.flags["batch"]) : 500;
    if (!Number.isInteger(batchSize) || batchSize < 1) {
      io.err("--batch must be a positive whole number");
      return 2;
    }
    const done = await reindexSearch({ batchSize, onProgress: (n) => io.out(`  ${n} releases`) });
    io.out(`reindexed ${done} releases`);
    return 0;
  },
};

export const pruneExpiredTokensCommand: ConsoleCommand = {
  description: "Remove API tokens 30 days after their expiry.",
  async run(_args, io) {
    io.out(`removed ${await pruneExpiredTokens()} expired tokens`);
    return 0;
  },
};
