import { checkIndexStatus } from "@/lib/adapters/public/seo/index-inspection/check-index-status";
import { isPortal } from "@/lib/domains/sites";
import { bareFlag, defineCommand, wholeFlag, wrongCall } from "./registry";

// Spec 4.7: the daily search-index check; the same function the `check-index-status` schedule runs.

const USAGE = "press-releases:check-index-status [--portal=business|tech] [--quota=N] [--dry-run]";

export const checkIndexStatusCommand = defineCommand({
  description: "Inspect the search-index state of published releases, per portal within the day's quota (daily 05:10).",
  usage: USAGE,
  help: [
    "",
    "Never-checked releases first (oldest publication first), then the longest-unchecked ones; one snapshot per answer.",
    "Search Console with SEARCH_CONSOLE_CREDENTIALS, otherwise the embedded inspector (crawler fetch log).",
    "A refused credential or a spent API quota stops the run (exit 1); a failure for one address is its `error` snapshot.",
    "  --portal=P   only this portal (business or tech); default both",
    "  --quota=N    inspections per portal today, checks already made today included (default INDEX_CHECK_QUOTA_PER_PORTAL, 200)",
    "  --dry-run    list what would be inspected; nothing is asked or written",
  ],
  flags: ["portal", "quota", "dry-run"],
  async run(args, io) {
    const dryRun = bareFlag(args, "dry-run");
    if (typeof dryRun === "string") return wrongCall(io, USAGE, dryRun);
    const quota = wholeFlag(args, "quota", { min: 1, max: 2000 });
    if (typeof quota === "string") return wrongCall(io, USAGE, quota);
    const portal = args.flags["portal"];
    if (portal !== undefined && !isPortal(portal)) return wrongCall(io, USAGE, "--portal must be business or tech");
    const r = await checkIndexStatus({ ...(portal ? { portal } : {}), ...(quota ? { quota } : {}), dryRun });
    if (r.outcome === "locked") {
      io.out("another check-index-status run holds the lock; nothing done");
      return 0;
    }
    for (const p of r.portals) {
      if (dryRun)
        for (const pick of p.picked)
          io.out(
            `${p.portal} would inspect release ${pick.releaseId} ${pick.url} (last check ${pick.lastCheckedAt?.toISOString() ?? "never"})`,
          );
      const states = Object.entries(p.states)
        .filter(([, n]) => n > 0)
        .map(([s, n]) => `${s} ${n}`)
        .join(", ");
      io.out(
        `${p.portal}: ${dryRun ? `${p.picked.length} would be inspected` : `${p.picked.length} inspected${states ? ` (${states})` : ""}`}, quota left today ${p.quotaLeft} (${r.inspector})`,
      );
    }
    if (r.outcome === "stopped") {
      io.err(`stopped (${r.reason}): ${r.message}`);
      return 1;
    }
    return 0;
  },
});
