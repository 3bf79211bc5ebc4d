import { getConfig } from "@/lib/config";
import { DEFAULT_MAX_AGE_HOURS } from "@/lib/mail/domain-checks/check-domain";
import { checkStoredMailDomains, type DomainOutcome } from "@/lib/mail/domain-checks/check-stored-domains";
import type { ConsoleCommand, ParsedArgs } from "./registry";

const USAGE = "mail:check-domains [--limit=N] [--stale-hours=168]";
const FLAGS = new Set(["limit", "stale-hours", "help"]);
const OUTCOMES: DomainOutcome[] = ["mx", "implicit_mx", "null_mx", "no_mail_host", "unresolved", "invalid"];

/** A whole number of at least `min` from `--name=N`, undefined when absent, an error text when wrong. */
function wholeFlag(args: ParsedArgs, name: string, min: number): number | undefined | string {
  const raw = args.flags[name];
  if (raw === undefined) return undefined;
  const n = typeof raw === "string" && /^\d+$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) && n >= min ? n : `--${name} must be a whole number of at least ${min}`;
}

export const mailCheckDomainsCommand: ConsoleCommand = {
  description: "Check the mail domains of stored addresses in DNS (MX, implicit MX, Null MX) and print the findings.",
  usage: USAGE,
  async run(args, io) {
    if (args.flags["help"]) {
      io.out(`Usage: ${USAGE}`);
      io.out("  --limit=N          check at most N domains, never-checked and oldest first");
      io.out(`  --stale-hours=H    look up again when the stored finding is older (default ${DEFAULT_MAX_AGE_HOURS}; 0 = always)`);
      return 0;
    }
    const unknown = [...Object.keys(args.flags).filter((f) => !FLAGS.has(f)).map((f) => `--${f}`), ...args.positional];
    const limit = wholeFlag(args, "limit", 1);
    const staleHours = wholeFlag(args, "stale-hours", 0);
    const wrong = [...(unknown.length ? [`unknown argument ${unknown.join(" ")}`] : []), ...[limit, staleHours].filter((v) => typeof v === "string")];
    if (wrong.length) {
      for (const w of wrong) io.err(w);
      io.err(`Usage: ${USAGE}`);
      return 2;
    }

    // The switch governs refusing addresses at request time; recording findings is always allowed.
    if (!getConfig().mail.domainCheck) io.out("note: EMAIL_DOMAIN_CHECK is off, so findings are recorded but no address is refused");
    const run = await checkStoredMailDomains({
      ...(typeof limit === "number" ? { limit } : {}),
      ...(typeof staleHours === "number" ? { maxAgeHours: staleHours } : {}),
      concurrency: 8,
    });
    io.out(`checked ${run.results.length} domains (${run.looked} looked up, ${run.results.length - run.looked - run.counts.invalid} from stored findings)`);
    for (const o of OUTCOMES) io.out(`  ${o.padEnd(14)} ${run.counts[o]}`);
    for (const r of run.results) if (r.outcome === "null_mx" || r.outcome === "no_mail_host") io.out(`  ${r.outcome.padEnd(14)} ${r.domain}`);
    // Every lookup failing means DNS itself was unreachable: a technical failure, not a finding.
    return run.looked > 0 && run.results.every((r) => r.cached || r.outcome === "unresolved" || r.outcome === "invalid") ? 1 : 0;
  },
};
