import { berlinDay, berlinStartOfDay } from "@/lib/domains/billing/agreements/billing-period";
import { INVOICE_RUN_LIMIT, runInvoices } from "@/lib/domains/billing/agreements/invoice-run";
import { expireGrandfathering } from "@/lib/domains/billing/grandfathering/expire-grandfathering";
import { grandfatherSubscriptions } from "@/lib/domains/billing/legacy/grandfather-subscriptions";
import { settleUnpaidLegacyInvoices, type SettleOutcome } from "@/lib/domains/billing/legacy/settle-unpaid";
import { bareFlag, defineCommand, wholeFlag, wrongCall } from "./registry";

// Billing runs and the legacy billing cleanup of spec 4.7. Outcomes for single agreements or
// invoices (skipped, blocked, nothing to do) exit 0; an agreement, customer or invoice whose
// transaction failed makes the run exit 1 after the others were done.

const period = (start: Date, end: Date) => `${berlinDay(start)}..${berlinDay(end)}`;

export const expireGrandfatheringCommand = defineCommand({
  description: "End agreements whose grandfathered terms run out before their next period (daily 04:15).",
  usage: "billing:expire-grandfathering",
  help: [
    "",
    "Every active agreement with grandfathered_until is cancelled when the first period after that",
    "date begins, counted by the calendar from its period end, invoiced or not (never earlier: a",
    "period invoiced or paid runs to its end), per customer in one transaction, with one",
    "GrandfatheringExpired mail per customer (none when the customer gave notice). Card",
    "subscriptions in their last period are told not to renew (a refusal is asked again by the next",
    "run); ended ones are ended at the provider (a refusal is for an operator to end by hand).",
  ],
  async run(_args, io) {
    const r = await expireGrandfathering();
    io.out(`ended ${r.expired} agreements of ${r.customers} customers, ${r.mails} mails queued`);
    for (const f of r.failures) io.err(`  customer ${f.userId} failed: ${f.error}`);
    for (const id of r.subscriptionsEnded) io.out(`  subscription ${id} ended at the provider`);
    for (const f of r.subscriptionsFailed)
      io.err(`  subscription ${f.subscriptionId} NOT ended at the provider (end it there by hand): ${f.error}`);
    for (const id of r.subscriptionsEndingAtPeriodEnd) io.out(`  subscription ${id} ends with its current period (not renewed)`);
    for (const f of r.renewalsNotStopped)
      io.err(`  subscription ${f.subscriptionId} still renews, the provider was not told (the next run asks again): ${f.error}`);
    return r.failed || r.subscriptionsFailed.length || r.renewalsNotStopped.length ? 1 : 0;
  },
});

const RUN_USAGE = `billing:run-invoices [--limit=${INVOICE_RUN_LIMIT}] [--dry-run]`;

export const runInvoicesCommand = defineCommand({
  description: "Invoice due bank-transfer agreements for their next month (daily 04:30).",
  usage: RUN_USAGE,
  help: [
    "",
    "Due manual agreements, oldest period end first, get one MAN invoice each for the next month,",
    "delivered at once. Agreements on billing hold are not invoiced; they are listed last.",
    `  --limit=N    stop after N created invoices (default ${INVOICE_RUN_LIMIT})`,
    "  --dry-run    list what would be invoiced; nothing changes",
  ],
  flags: ["limit", "dry-run"],
  async run(args, io) {
    const limit = wholeFlag(args, "limit", { min: 1, max: 100_000 }) ?? INVOICE_RUN_LIMIT;
    if (typeof limit === "string") return wrongCall(io, RUN_USAGE, limit);
    const dryRun = bareFlag(args, "dry-run");
    if (typeof dryRun === "string") return wrongCall(io, RUN_USAGE, dryRun);
    const r = await runInvoices({ limit, dryRun });
    for (const c of r.created) {
      io.out(
        dryRun
          ? `would invoice agreement ${c.agreementId} (user ${c.userId}) for ${period(c.periodStart, c.periodEnd)}`
          : `invoiced agreement ${c.agreementId} (user ${c.userId}): ${c.number} for ${period(c.periodStart, c.periodEnd)}`,
      );
    }
    for (const s of r.skipped) io.out(`skipped agreement ${s.agreementId}: ${s.reason}`);
    for (const f of r.failed) io.err(`failed agreement ${f.agreementId}: ${f.error}`);
    io.out(
      `${dryRun ? "dry run, nothing changed: would create" : "created"} ${r.created.length} invoices, ${r.skipped.length} skipped, ${r.failed.length} failed${r.limitReached ? `; limit ${limit} reached, the rest waits for the next run` : ""}`,
    );
    io.out(`blocked (billing hold): ${r.blocked.length}`);
    for (const b of r.blocked)
      io.out(
        `  agreement ${b.agreementId} (user ${b.userId}, ${b.plan}), held since ${berlinDay(b.heldAt)}: ${b.reason ?? "no reason given"}`,
      );
    return r.failed.length ? 1 : 0;
  },
});

const SETTLE_USAGE = "legacy:settle-unpaid [--dry-run]";

function describeOutcome(o: SettleOutcome): string {
  if (o.to === null) return `${o.legacyNumber}: ${o.from}, left as it is (${o.skipped})`;
  if (o.to === "dropped")
    return `${o.legacyNumber}: ${o.from} -> dropped; agreements cancelled [${o.cancelledAgreements.join(", ")}], invoices voided [${o.voidedInvoices.join(", ")}]`;
  if (o.to === "superseded") return `${o.legacyNumber}: ${o.from} -> superseded; reissued as ${o.reissuedInvoice ?? "a new MAN invoice"}`;
  return `${o.legacyNumber}: ${o.from} -> uncollectible`;
}

export const settleUnpaidCommand = defineCommand({
  description: "Give every unpaid legacy invoice its final state (legacy billing cleanup).",
  usage: SETTLE_USAGE,
  help: [
    "",
    "hold, never paid -> dropped: its bundles cancelled, its open MAN invoices voided.",
    "pending/reminder, recurring -> superseded: reissued as a MAN invoice for the unpaid service period.",
    "pending/reminder, single -> uncollectible.",
    "  --dry-run    list the outcomes; nothing changes",
  ],
  flags: ["dry-run"],
  async run(args, io) {
    const dryRun = bareFlag(args, "dry-run");
    if (typeof dryRun === "string") return wrongCall(io, SETTLE_USAGE, dryRun);
    const r = await settleUnpaidLegacyInvoices({ dryRun });
    for (const o of r.outcomes) io.out(describeOutcome(o));
    for (const f of r.failures) io.err(`${f.legacyNumber}: failed: ${f.error}`);
    const c = r.counts;
    io.out(
      `${dryRun ? "dry run, nothing changed: " : ""}dropped ${c.dropped}, superseded ${c.superseded}, uncollectible ${c.uncollectible}, left ${c.skipped}, failed ${c.failed}`,
    );
    return c.failed ? 1 : 0;
  },
});

const GRANDFATHER_USAGE = "legacy:grandfather-subscriptions [--until=YYYY-MM-DD] [--dry-run]";

export const grandfatherSubscriptionsCommand = defineCommand({
  description: "Give legacy bank-transfer agreements an end date for their old terms.",
  usage: GRANDFATHER_USAGE,
  help: [
    "",
    "Every active manual agreement without grandfathered_until gets one; billing:expire-grandfathering",
    "ends it once its next period begins after that date. A date already set is never moved.",
    "  --until=YYYY-MM-DD   the same end for all (midnight Europe/Berlin starting that day; must be in the future)",
    "                       default: each agreement's current period end plus 12 months",
    "  --dry-run            list the dates; nothing changes",
  ],
  flags: ["until", "dry-run"],
  async run(args, io) {
    const dryRun = bareFlag(args, "dry-run");
    if (typeof dryRun === "string") return wrongCall(io, GRANDFATHER_USAGE, dryRun);
    const raw = args.flags["until"];
    let until: Date | null = null;
    if (raw !== undefined) {
      until = typeof raw === "string" ? berlinStartOfDay(raw) : null;
      if (!until) return wrongCall(io, GRANDFATHER_USAGE, "--until must be a date YYYY-MM-DD");
      if (until <= new Date()) return wrongCall(io, GRANDFATHER_USAGE, "--until must be a day in the future");
    }
    const r = await grandfatherSubscriptions({ until, dryRun });
    for (const a of r.agreements)
      io.out(
        `${dryRun ? "would grandfather" : "grandfathered"} agreement ${a.agreementId} (user ${a.userId}) until ${berlinDay(a.grandfatheredUntil)}`,
      );
    io.out(`${dryRun ? "dry run, nothing changed: would grandfather" : "grandfathered"} ${r.agreements.length} agreements`);
    return 0;
  },
});
