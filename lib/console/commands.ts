import { about } from "./about";
import { publishScheduled, pruneExpiredTokensCommand, reindexSearchCommand } from "./release-commands";
import type { ConsoleCommand } from "./registry";

/** Every console command by name; `npm run cli -- list` prints them. */
export const COMMANDS: Record<string, ConsoleCommand> = {
  about,
  "press-releases:publish-scheduled": publishScheduled,
  "press-releases:reindex-search": reindexSearchCommand,
  "tokens:prune-expired": pruneExpiredTokensCommand,
};
