// Console commands of spec 4.7. Each command is a thin adapter over lib/, the same code the
// scheduled jobs call. Exit codes: 0 for success and for business outcomes (quota, image
// block), 1 for technical failure, 2 for a wrong call.

export interface ConsoleIo {
  out(line: string): void;
  err(line: string): void;
}

export interface ParsedArgs {
  positional: string[];
  flags: Record<string, string | true>;
}

export interface ConsoleCommand {
  description: string;
  usage?: string;
  run(args: ParsedArgs, io: ConsoleIo): Promise<number>;
}

/** `--name=value`, `--name value` is not accepted (ambiguous with positionals), `--flag` is true. */
export function parseArgs(argv: string[]): ParsedArgs {
  const positional: string[] = [];
  const flags: Record<string, string | true> = {};
  for (const arg of argv) {
    const m = /^--([a-z0-9-]+)(?:=(.*))?$/i.exec(arg);
    if (m?.[1]) flags[m[1]] = m[2] ?? true;
    else positional.push(arg);
  }
  return { positional, flags };
}
