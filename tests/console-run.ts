import { COMMANDS } from "@/lib/adapters/console/commands";
import { parseArgs } from "@/lib/adapters/console/registry";

/** Runs a console command as the CLI would, collecting its output lines and exit code. */
export async function runCommand(name: string, ...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await COMMANDS[name]!.run(parseArgs(argv), { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}
