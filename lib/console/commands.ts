import { about } from "./about";
import type { ConsoleCommand } from "./registry";

/** Every console command by name; `npm run cli -- list` prints them. */
export const COMMANDS: Record<string, ConsoleCommand> = {
  about,
};
