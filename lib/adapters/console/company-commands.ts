import { auditMemberships, AUDIT_KINDS } from "@/lib/domains/companies/memberships/audit-memberships";
import { listApiAssignments, removeApiAssignments, type ApiAssignment } from "@/lib/domains/companies/memberships/api-assignments";
import { resyncAutoRights } from "@/lib/domains/companies/memberships/resync-auto-rights";
import { mergeCompanies } from "@/lib/domains/companies/merge/merge-companies";
import { unmergeCompanies } from "@/lib/domains/companies/merge/unmerge-companies";
import { computeSimilarAddresses } from "@/lib/domains/companies/email-groups/compute-similar-addresses";
import { restoreCompany } from "@/lib/domains/companies/restore-company";
import { AppError } from "@/lib/core/errors/errors";
import { parseRecordId } from "@/lib/core/input/ids";
import { bareFlag, defineCommand, wrongCall, type ConsoleIo, type ParsedArgs } from "./registry";

// Company maintenance of spec 4.7: merging duplicate newsrooms and membership checks. Refusals
// (different e-mails, already merged, already undone) are business outcomes: exit 0.

const day = (d: Date) => d.toISOString().slice(0, 10);

function bareFlags(io: ConsoleIo, usage: string, args: ParsedArgs, names: string[]): Record<string, boolean> | 2 {
  const out: Record<string, boolean> = {};
  for (const n of names) {
    const v = bareFlag(args, n);
    if (typeof v === "string") return wrongCall(io, usage, v);
    out[n] = v;
  }
  return out;
}

const isNotFound = (err: unknown): err is AppError => err instanceof AppError && err.code === "not_found";

const MERGE_USAGE = "companies:merge <survivor-id> <merged-id> [--dry-run] [--force-different-email]";

export const companiesMergeCommand = defineCommand({
  description: "Merge a duplicate company into the surviving one (same company e-mail); reversible with companies:unmerge.",
  usage: MERGE_USAGE,
  help: [
    "",
    "Moves releases, press contacts, memberships (the higher role wins), invitations, boosts, credits,",
    "old slugs and auto-grant blocks (people removed, who left or were declined) to the survivor,",
    "fills its empty profile fields, sets its portal to both when the two differ, and marks the",
    "merged company merged and inactive: its old address answers 301.",
    "Every moved value is recorded; the printed merge id undoes it. Refused (exit 0): the normalized",
    "company e-mails differ (unless --force-different-email), the same company, a deleted, removed or",
    "already merged one, or a slug the survivor cannot hold on both portals.",
    "  --dry-run                  do everything, print it, roll it back",
    "  --force-different-email    merge although the company e-mails differ",
  ],
  flags: ["dry-run", "force-different-email"],
  maxPositional: 2,
  async run(args, io) {
    const [survivorId, mergedId] = args.positional.map(parseRecordId);
    if (args.positional.length !== 2 || !survivorId || !mergedId)
      return wrongCall(io, MERGE_USAGE, "Name the surviving and the merged company by their ids.");
    const f = bareFlags(io, MERGE_USAGE, args, ["dry-run", "force-different-email"]);
    if (f === 2) return 2;
    try {
      const r = await mergeCompanies({ survivorId, mergedId, dryRun: f["dry-run"], forceDifferentEmail: f["force-different-email"] });
      if (r.kind === "refused") {
        io.out(`refused (${r.reason}): ${r.message}`);
        return 0;
      }
      io.out(
        `${r.dryRun ? "dry run, nothing changed: would merge" : "merged"} company ${r.mergedId} into ${r.survivorId} (merge ${r.mergeId}, ${r.moves} moves)`,
      );
      const n = r.rows;
      io.out(
        `  memberships moved ${n.memberships}, joined ${n.membershipsJoined}; releases ${n.releases}; contacts ${n.contacts}; invitations ${n.invitations}; boosts ${n.boosts}; old slugs ${n.slugRedirects}; auto-grant blocks ${n.autoGrantBlocks}`,
      );
      io.out(`  credits moved ${r.creditsMoved}`);
      if (r.portal) io.out(`  portal ${r.portal.from} -> ${r.portal.to}`);
      io.out(`  filled in: ${r.fillIns.map((x) => x.field).join(", ") || "nothing"}`);
      if (!r.dryRun) io.out(`  undo: companies:unmerge ${r.mergeId}`);
      return 0;
    } catch (err) {
      if (isNotFound(err)) return wrongCall(io, MERGE_USAGE, err.message);
      throw err;
    }
  },
});

const UNMERGE_USAGE = "companies:unmerge <merge-id> [--dry-run]";

export const companiesUnmergeCommand = defineCommand({
  description: "Undo a merge: replays its recorded moves backwards.",
  usage: UNMERGE_USAGE,
  help: [
    "",
    "The merge id is the one companies:merge printed. A value changed since the merge keeps its newer",
    "value, a row deleted since is skipped; both are listed. Credits spent since stay spent.",
    "Refused (exit 0): the merge was already undone.",
    "  --dry-run    do everything, print it, roll it back",
  ],
  flags: ["dry-run"],
  maxPositional: 1,
  async run(args, io) {
    if (args.positional.length !== 1) return wrongCall(io, UNMERGE_USAGE, "Name one merge by its id.");
    const f = bareFlags(io, UNMERGE_USAGE, args, ["dry-run"]);
    if (f === 2) return 2;
    try {
      const r = await unmergeCompanies({ mergeId: args.positional[0]!, dryRun: f["dry-run"] });
      if (r.kind === "refused") {
        io.out(`refused (${r.reason}): ${r.message}`);
        return 0;
      }
      io.out(
        `${r.dryRun ? "dry run, nothing changed: would unmerge" : "unmerged"} company ${r.mergedId} from ${r.survivorId}: ${r.restored} values restored, ${r.creditsReturned} credits returned`,
      );
      for (const s of r.skipped) io.out(`  skipped ${s.table}.${s.column} ${s.rowId}: ${s.note}`);
      for (const k of r.kept) io.out(`  kept ${k.table}.${k.column} ${k.rowId}: ${k.note}`);
      return 0;
    } catch (err) {
      if (isNotFound(err)) return wrongCall(io, UNMERGE_USAGE, err.message);
      throw err;
    }
  },
});

const RESTORE_USAGE = "companies:restore <company-id> --reason=<text>";

export const companiesRestoreCommand = defineCommand({
  description: "Undo the deletion of a newsroom (companies:write deleted it in the admin area).",
  usage: RESTORE_USAGE,
  help: [
    "",
    "Clears deleted_at: the newsroom, its team and its published releases are back, in search too,",
    "and search engines hear of the releases again. Releases the deletion sent back to draft stay",
    "drafts; the team submits them again. Refused (exit 0): the newsroom is not deleted.",
    "  --reason=TEXT   why (required; stored in the activity log)",
  ],
  flags: ["reason"],
  maxPositional: 1,
  async run(args, io) {
    const companyId = parseRecordId(args.positional[0]);
    if (args.positional.length !== 1 || !companyId) return wrongCall(io, RESTORE_USAGE, "Name one newsroom by its id.");
    const reason = args.flags["reason"];
    if (typeof reason !== "string" || !reason.trim()) return wrongCall(io, RESTORE_USAGE, "--reason=TEXT is required");
    try {
      const r = await restoreCompany({ companyId, reason });
      io.out(`restored company ${companyId}: ${r.releases} releases, ${r.public} public again`);
      return 0;
    } catch (err) {
      if (isNotFound(err)) return wrongCall(io, RESTORE_USAGE, err.message);
      if (err instanceof AppError && err.code === "conflict") {
        io.out(`refused: ${err.message}`);
        return 0;
      }
      if (err instanceof AppError && err.code === "validation_failed")
        return wrongCall(io, RESTORE_USAGE, `--reason: ${err.issues?.[0]?.message ?? err.message}`);
      throw err;
    }
  },
});

export const companiesSimilarAddressesCommand = defineCommand({
  description: "Compute the likely duplicate newsrooms (similar company addresses) for the admin screen (daily 05:20).",
  usage: "companies:similar-addresses",
  help: [
    "",
    "Compares the company e-mails of live newsrooms (spec 8: each with at most 25 representatives",
    "of its domain or local part) and replaces the stored pairs /admin/companies/similar pages through.",
  ],
  async run(_args, io) {
    const r = await computeSimilarAddresses();
    io.out(`${r.pairs} similar pairs among ${r.addresses} addresses, compared in ${r.durationMs} ms`);
    return 0;
  },
});

const AUDIT_USAGE = "company-memberships:audit [--classify] [--before=YYYY-MM-DD]";

export const membershipsAuditCommand = defineCommand({
  description: "Report memberships that look wrong; sends and changes nothing.",
  usage: AUDIT_USAGE,
  help: [
    "",
    "One line per finding, then counts: auto_on_shared_address (automatic rights on a consumer-mail or",
    "agency address), responsible_without_match (automatic responsible without a current e-mail match),",
    "newsroom_without_owner (no active owner), inactive_account (deactivated or deleted account).",
    "  --classify            recompute the company e-mail groups first (the only change it makes)",
    "  --before=YYYY-MM-DD   only memberships (and ownerless newsrooms) created before that day (UTC)",
  ],
  flags: ["classify", "before"],
  async run(args, io) {
    const f = bareFlags(io, AUDIT_USAGE, args, ["classify"]);
    if (f === 2) return 2;
    const raw = args.flags["before"];
    let before: Date | undefined;
    if (raw !== undefined) {
      before = typeof raw === "string" && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? new Date(`${raw}T00:00:00Z`) : undefined;
      if (!before || Number.isNaN(before.getTime()) || day(before) !== raw)
        return wrongCall(io, AUDIT_USAGE, "--before must be a date YYYY-MM-DD");
    }
    const r = await auditMemberships({ classify: f["classify"], ...(before ? { before } : {}) });
    if (r.classified)
      io.out(
        `classified: ${r.classified.groups} address groups (${r.classified.inserted} new, ${r.classified.updated} changed, ${r.classified.removed} removed)`,
      );
    for (const x of r.findings) {
      const m = x.membership
        ? ` membership=${x.membership.id} user=${x.membership.userId} role=${x.membership.role} via=${x.membership.grantedVia}`
        : "";
      io.out(`${x.kind} company=${x.companyId}${m} created=${day(x.createdAt)}: ${x.detail}`);
    }
    io.out(`findings: ${r.findings.length}`);
    for (const k of AUDIT_KINDS) io.out(`  ${k.padEnd(26)} ${r.counts[k]}`);
    return 0;
  },
});

const RESYNC_USAGE = "company-memberships:resync-auto [--dry-run]";

export const membershipsResyncAutoCommand = defineCommand({
  description: "Run the login e-mail rights sync now for every account it concerns.",
  usage: RESYNC_USAGE,
  help: [
    "",
    "For every verified, active account with automatic rights or whose address is a company's or a",
    "press contact's: the same sync as at login (spec 5.14). Prints each account that changed; a",
    "match is only offered to the newsroom's owners, never granted.",
    "  --dry-run    sync each account and roll it back: what a real run would change",
  ],
  flags: ["dry-run"],
  async run(args, io) {
    const f = bareFlags(io, RESYNC_USAGE, args, ["dry-run"]);
    if (f === 2) return 2;
    const r = await resyncAutoRights({ dryRun: f["dry-run"] });
    for (const c of r.changes)
      io.out(`user ${c.userId} (${c.email}): lowered in [${c.lowered.join(", ")}], offered to owners in [${c.suggested.join(", ")}]`);
    io.out(
      `${f["dry-run"] ? "dry run, nothing changed: " : ""}checked ${r.users} accounts, ${r.changes.length} changed: ${r.lowered} rights lowered, ${r.suggested} matches offered to owners`,
    );
    return 0;
  },
});

const API_USAGE = "company-memberships:api-assignments [--remove=<company-user-id,...>] [--yes]";
const describeAssignment = (a: ApiAssignment) =>
  `company ${a.companyId} (${a.companyName}), user ${a.userId} (${a.userEmail}), ${a.role}, created ${day(a.createdAt)}`;

export const membershipsApiAssignmentsCommand = defineCommand({
  description: "List memberships created through the API; remove some, with a preview first.",
  usage: API_USAGE,
  help: [
    "",
    "Without options: every company_user row with granted_via = api.",
    "  --remove=ID,...   preview what removing these rows would do; nothing is removed without --yes",
    "  --yes             remove them. A newsroom's last owner is never removed; the preview says so.",
  ],
  flags: ["remove", "yes"],
  async run(args, io) {
    const f = bareFlags(io, API_USAGE, args, ["yes"]);
    if (f === 2) return 2;
    const raw = args.flags["remove"];
    if (raw === undefined) {
      if (f["yes"]) return wrongCall(io, API_USAGE, "--yes confirms a --remove");
      const list = await listApiAssignments();
      for (const a of list) io.out(`${a.id}: ${describeAssignment(a)}`);
      io.out(`${list.length} API assignment${list.length === 1 ? "" : "s"}`);
      return 0;
    }
    const ids = typeof raw === "string" ? raw.split(",").map((s) => parseRecordId(s.trim())) : [];
    if (!ids.length || ids.some((id) => id === null))
      return wrongCall(io, API_USAGE, "--remove takes company_user ids separated by commas");
    const plan = await removeApiAssignments({ ids: ids as number[], apply: f["yes"] === true });
    for (const item of plan.items) {
      if (item.action === "remove")
        io.out(`${plan.applied ? "removed" : "would remove"} ${item.id}: ${describeAssignment(item.assignment!)}`);
      else if (item.action === "last_owner")
        io.out(`kept ${item.id}: last owner of newsroom ${item.assignment!.companyId}; a newsroom's last owner is never removed`);
      else io.out(`skipped ${item.id}: not an API assignment`);
    }
    const count = plan.items.filter((i) => i.action === "remove").length;
    io.out(plan.applied ? `removed ${plan.removed}` : `preview only: add --yes to remove ${count}`);
    return 0;
  },
});
