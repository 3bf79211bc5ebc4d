import { getConfig } from "@/lib/core/config";
import { DEFAULT_MAX_AGE_HOURS } from "@/lib/domains/mail/domain-checks/check-domain";
import { checkStoredMailDomains, type DomainOutcome } from "@/lib/domains/mail/domain-checks/check-stored-domains";
import { defineCommand, wholeFlag, wrongCall } from "./registry";

const USAGE = "mail:check-domains [--limit=N] [--stale-hours=168]";
const OUTCOMES: DomainOutcome[] = ["mx", "implicit_mx", "null_mx", "no_mail_host", "unresolved", "invalid"];

export const mailCheckDomainsCommand = defineCommand({
  description: "Check the mail domains of stored addresses in DNS (MX, implicit MX, Null MX) and print the findings.",
  usage: USAGE,
  help: [
    "  --limit=N          check at most N domains, never-checked and oldest first",
    `  --stale-hours=H    look up again when the stored finding is older (default ${DEFAULT_MAX_AGE_HOURS}; 0 = always)`,
  ],
  flags: ["limit", "stale-hours"],
  async run(args, io) {
    const limit = wholeFlag(args, "limit", { min: 1 });
    const staleHours = wholeFlag(args, "stale-hours", { min: 0 });
    for (const wrong of [limit, staleHours]) if (typeof wrong === "string") return wrongCall(io, USAGE, wrong);

    // The switch governs refusing addresses at request time; recording findings is always allowed.
    if (!getConfig().mail.domainCheck) io.out("note: EMAIL_DOMAIN_CHECK is off, so findings are recorded but no address is refused");
    const run = await checkStoredMailDomains({
      ...(typeof limit === "number" ? { limit } : {}),
      ...(typeof staleHours === "number" ? { maxAgeHours: staleHours } : {}),
      concurrency: 8,
    });
    io.out(
      `checked ${run.results.length} domains (${run.looked} looked up, ${run.results.length - run.looked - run.counts.invalid} from stored findings)`,
    );
    for (const o of OUTCOMES) io.out(`  ${o.padEnd(14)} ${run.counts[o]}`);
    for (const r of run.results)
      if (r.outcome === "null_mx" || r.outcome === "no_mail_host") io.out(`  ${r.outcome.padEnd(14)} ${r.domain}`);
    // Every lookup failing means DNS itself was unreachable: a technical failure, not a finding.
    return run.looked > 0 && run.results.every((r) => r.cached || r.outcome === "unresolved" || r.outcome === "invalid") ? 1 : 0;
  },
});
