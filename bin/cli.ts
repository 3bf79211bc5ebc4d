// Console entry point: npm run cli -- <command> [args] [--flags]
import { COMMANDS } from "@/lib/adapters/console/commands";
import { parseArgs, type ConsoleIo } from "@/lib/adapters/console/registry";
import { withDatabaseForCommand } from "@/lib/core/db/embedded-session";
import { disconnectPrisma } from "@/lib/core/db/client";
// A command that moves a release (publish, withdraw, remove) tells its listeners at once, a
// local checkout's events reach the webhook receiver, and the jobs a command dispatches run in
// this process on the embedded default, as before.
import "@/lib/runtime/start";
import "@/lib/runtime/jobs/local-worker";

const io: ConsoleIo = { out: (l) => console.log(l), err: (l) => console.error(l) };

async function main(): Promise<number> {
  const [name, ...rest] = process.argv.slice(2);
  if (!name || name === "list" || name === "help") {
    io.out("Commands:");
    for (const [n, c] of Object.entries(COMMANDS).sort()) io.out(`  ${n.padEnd(40)} ${c.description}`);
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`Unknown command "${name}". Run "npm run cli -- list".`);
    return 2;
  }
  const args = parseArgs(rest);
  // --help is answered without starting a database.
  if (args.flags["help"]) return command.run(args, io);
  return withDatabaseForCommand(() => command.run(args, io));
}

main()
  .then(async (code) => {
    await disconnectPrisma();
    process.exit(code);
  })
  .catch(async (err) => {
    io.err(err instanceof Error ? err.message : String(err));
    await disconnectPrisma().catch(() => {});
    process.exit(1);
  });
