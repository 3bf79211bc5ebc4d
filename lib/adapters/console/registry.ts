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

export interface CommandSpec {
  description: string;
  /** The call, e.g. `mail:circuit [--close]`. */
  usage: string;
  /** Lines printed under the usage by --help. */
  help?: string[];
  /** Flags the command takes (besides --help); any other is a wrong call. */
  flags?: string[];
  /** How many positional arguments it takes at most (default none). */
  maxPositional?: number;
  run(args: ParsedArgs, io: ConsoleIo): Promise<number>;
}

const EXIT_CODES = "Exit codes: 0 success or business outcome, 1 technical failure, 2 wrong call.";

/**
 * A command with the behaviour every command shares: --help prints the usage, the help lines
 * and the exit codes (exit 0); an unknown flag or a surplus argument is a wrong call (exit 2,
 * with the usage). The command's own `run` sees only calls that passed.
 */
export function defineCommand(spec: CommandSpec): ConsoleCommand {
  const allowed = new Set([...(spec.flags ?? []), "help"]);
  return {
    description: spec.description,
    usage: spec.usage,
    async run(args, io) {
      if (args.flags["help"]) {
        for (const line of [`Usage: ${spec.usage}`, ...(spec.help ?? []), EXIT_CODES]) io.out(line);
        return 0;
      }
      const unknown = Object.keys(args.flags).filter((f) => !allowed.has(f));
      if (unknown.length)
        return wrongCall(io, spec.usage, `Unknown option${unknown.length > 1 ? "s" : ""}: ${unknown.map((f) => `--${f}`).join(", ")}`);
      if (args.positional.length > (spec.maxPositional ?? 0))
        return wrongCall(io, spec.usage, `Unexpected argument: ${args.positional.slice(spec.maxPositional ?? 0).join(" ")}`);
      return spec.run(args, io);
    },
  };
}

/** A wrong call: the reason, then the usage; exit code 2. */
export function wrongCall(io: ConsoleIo, usage: string, reason: string): 2 {
  io.err(reason);
  io.err(`Usage: ${usage}`);
  return 2;
}

/**
 * A whole number from `--name=N` within [min, max]: the number, undefined when the flag is
 * absent, or the reason it is wrong (a bare `--name` included).
 */
export function wholeFlag(args: ParsedArgs, name: string, range: { min: number; max?: number }): number | undefined | string {
  const raw = args.flags[name];
  if (raw === undefined) return undefined;
  const n = typeof raw === "string" && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  const max = range.max ?? Number.MAX_SAFE_INTEGER;
  return n >= range.min && n <= max
    ? n
    : `--${name} must be a whole number${range.max === undefined ? ` of at least ${range.min}` : ` from ${range.min} to ${range.max}`}`;
}

/** A flag that takes no value: true when given, false when absent, or the reason it is wrong (`--name=x`). */
export function bareFlag(args: ParsedArgs, name: string): boolean | string {
  const v = args.flags[name];
  return v === undefined ? false : v === true ? true : `--${name} takes no value`;
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
