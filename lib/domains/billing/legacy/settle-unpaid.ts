import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { lockAgreements } from "@/lib/domains/billing/agreements/agreement-locks";
import { addBerlinMonths, berlinMonthLabel } from "@/lib/domains/billing/agreements/billing-period";
import { errorSummary } from "@/lib/core/errors/error-summary";
import { packageLine } from "@/lib/domains/billing/agreements/invoice-agreement";
import { createManualInvoice } from "@/lib/domains/billing/invoices/create-manual-invoice";
import { voidInvoice } from "@/lib/domains/billing/invoices/void-invoice";
import { db, type DbOrTx, type Tx } from "@/lib/core/db/client";
import type { LegacyArchiveInvoice, LegacyInvoiceStatus } from "@/lib/generated/prisma/client";

const SETTLED = {
  dropped: ACTIVITY.legacyInvoiceDropped,
  superseded: ACTIVITY.legacyInvoiceSuperseded,
  uncollectible: ACTIVITY.legacyInvoiceUncollectible,
} as const;

// legacy:settle-unpaid (spec 3.1, legacy invoice rows): every unpaid invoice of the old system
// gets its final state. Each legacy invoice in its own transaction, its row locked and its
// status changed conditionally, so a second run (or two at once) settles nothing twice.

const UNPAID: LegacyInvoiceStatus[] = ["hold", "pending", "reminder"];
const PAGE_SIZE = 100;

export type SettleSkipReason = "paid_via_manual_invoice" | "no_customer" | "changed";

export type SettleOutcome =
  | { legacyNumber: string; from: LegacyInvoiceStatus; to: "dropped"; cancelledAgreements: number[]; voidedInvoices: string[] }
  | { legacyNumber: string; from: LegacyInvoiceStatus; to: "superseded"; reissuedInvoice: string | null }
  | { legacyNumber: string; from: LegacyInvoiceStatus; to: "uncollectible" }
  | { legacyNumber: string; from: LegacyInvoiceStatus; to: null; skipped: SettleSkipReason };

export interface SettleUnpaidResult {
  dryRun: boolean;
  outcomes: SettleOutcome[];
  counts: { dropped: number; superseded: number; uncollectible: number; skipped: number; failed: number };
  failures: { legacyNumber: string; error: string }[];
}

/** MAN invoices made from a legacy invoice (by the import or an earlier reissue). */
function derivedInvoices(client: DbOrTx, legacyNumber: string) {
  return client.invoice.findMany({
    where: { kind: "manual", replacesLegacyInvoiceNumber: legacyNumber },
    select: { id: true, number: true, status: true, userPaymentOptionId: true },
    orderBy: { id: "asc" },
  });
}

/** The customer's one running manual agreement, which a reissued invoice belongs to; null if none or several. */
async function runningManualAgreement(client: DbOrTx, userId: number) {
  const rows = await client.userPaymentOption.findMany({
    where: { userId, provider: "manual", status: { not: "cancelled" } },
    select: { id: true, plan: true },
    take: 2,
  });
  return rows.length === 1 ? rows[0]! : null;
}

/** What settling one legacy invoice does, read from `client` (under the lock when settling for real). */
async function planOutcome(client: DbOrTx, row: LegacyArchiveInvoice): Promise<SettleOutcome> {
  const base = { legacyNumber: row.legacyNumber, from: row.status };
  const derived = await derivedInvoices(client, row.legacyNumber);
  if (row.status === "hold") {
    // "Never paid": neither here nor through a MAN invoice made from it.
    if (derived.some((i) => i.status === "paid")) return { ...base, to: null, skipped: "paid_via_manual_invoice" };
    const bundleIds = [...new Set(derived.map((i) => i.userPaymentOptionId).filter((id): id is number => id !== null))];
    const running = await client.userPaymentOption.findMany({
      where: { id: { in: bundleIds }, status: { not: "cancelled" } },
      select: { id: true },
      orderBy: { id: "asc" },
    });
    return {
      ...base,
      to: "dropped",
      cancelledAgreements: running.map((a) => a.id),
      voidedInvoices: derived.filter((i) => i.status === "open").map((i) => i.number),
    };
  }
  if (!row.recurring) return { ...base, to: "uncollectible" };
  if (row.userId === null) return { ...base, to: null, skipped: "no_customer" };
  // A MAN invoice already replaces it (made by the import or by hand): the customer is not billed twice.
  const reissued = derived.find((i) => i.status !== "void");
  return { ...base, to: "superseded", reissuedInvoice: reissued?.number ?? null };
}

/** Carries out a planned outcome in `tx`, the legacy row already locked. */
async function applyOutcome(tx: Tx, row: LegacyArchiveInvoice, plan: SettleOutcome, now: Date): Promise<SettleOutcome> {
  if (plan.to === null) return plan;
  let outcome: SettleOutcome = plan;
  if (plan.to === "dropped") {
    const derived = await derivedInvoices(tx, row.legacyNumber);
    const bundles = await lockAgreements(tx, plan.cancelledAgreements);
    const cancelled: number[] = [];
    for (const b of bundles) {
      const { count } = await tx.userPaymentOption.updateMany({
        where: { id: b.id, status: { not: "cancelled" } },
        data: { status: "cancelled", cancelledAt: now },
      });
      if (count) cancelled.push(b.id);
    }
    // The spec names two MAN invoices (the import made two per held invoice); every open one made from it is voided.
    const voided: string[] = [];
    for (const invoice of derived.filter((i) => i.status === "open")) {
      const r = await voidInvoice({ invoiceId: invoice.id, reason: `Altrechnung ${row.legacyNumber} nie bezahlt, ausgebucht.`, now }, tx);
      if (r.voided) voided.push(invoice.number);
    }
    outcome = { ...plan, cancelledAgreements: cancelled, voidedInvoices: voided };
  } else if (plan.to === "superseded" && plan.reissuedInvoice === null) {
    const periodStart = row.serviceStart ?? row.issuedAt;
    const periodEnd = row.serviceEnd ?? addBerlinMonths(periodStart, 1);
    const agreement = await runningManualAgreement(tx, row.userId!);
    const what = agreement ? packageLine(agreement, periodStart) : `Leistung ${berlinMonthLabel(periodStart)}`;
    const invoice = await createManualInvoice(
      {
        userId: row.userId!,
        paymentOptionId: agreement?.id ?? null,
        periodStart,
        periodEnd,
        replacesLegacyInvoiceNumber: row.legacyNumber,
        now,
        lines: [{ description: `${what} (ersetzt Rechnung ${row.legacyNumber})`, quantity: 1, unitNetCents: row.amountCents }],
      },
      tx,
    );
    outcome = { ...plan, reissuedInvoice: invoice.number };
  }
  const { count } = await tx.legacyArchiveInvoice.updateMany({
    where: { id: row.id, status: row.status },
    data: { status: plan.to, settledAt: now },
  });
  if (count !== 1) throw new Error(`Legacy invoice ${row.legacyNumber} changed under its lock.`);
  await recordActivity(
    { type: SETTLED[plan.to], subjectType: "legacy_invoice", subjectId: row.legacyNumber, result: plan.to, metadata: outcome },
    tx,
  );
  return outcome;
}

async function settleOne(id: number, expected: LegacyInvoiceStatus, now: Date): Promise<SettleOutcome | null> {
  return db.$transaction(
    async (tx) => {
      // Race: a second run settling the same invoice. It waits here and finds the status changed.
      const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM legacy_archive_invoices WHERE id = ${id} FOR UPDATE`;
      if (!locked.length) return null;
      const row = await tx.legacyArchiveInvoice.findUniqueOrThrow({ where: { id } });
      if (row.status !== expected) return { legacyNumber: row.legacyNumber, from: row.status, to: null, skipped: "changed" as const };
      return applyOutcome(tx, row, await planOutcome(tx, row), now);
    },
    { timeout: 30_000 },
  );
}

/**
 * Settles every unpaid legacy invoice: hold (never paid) -> dropped, with its derived bundles
 * cancelled and its MAN invoices voided; pending/reminder of a recurring service -> superseded,
 * reissued as a MAN invoice for the unpaid service period; pending/reminder single -> uncollectible.
 * A dry run lists the outcomes and changes nothing.
 */
export async function settleUnpaidLegacyInvoices(
  opts: { now?: Date; dryRun?: boolean; pageSize?: number } = {},
): Promise<SettleUnpaidResult> {
  const now = opts.now ?? new Date();
  const dryRun = opts.dryRun ?? false;
  const pageSize = opts.pageSize ?? PAGE_SIZE;
  const result: SettleUnpaidResult = {
    dryRun,
    outcomes: [],
    counts: { dropped: 0, superseded: 0, uncollectible: 0, skipped: 0, failed: 0 },
    failures: [],
  };
  let cursor = 0;
  for (;;) {
    const page = await db.legacyArchiveInvoice.findMany({
      where: { status: { in: UNPAID }, id: { gt: cursor } },
      orderBy: { id: "asc" },
      take: pageSize,
    });
    for (const row of page) {
      try {
        const outcome = dryRun ? await planOutcome(db, row) : await settleOne(row.id, row.status, now);
        if (!outcome) continue;
        result.outcomes.push(outcome);
        if (outcome.to === null) result.counts.skipped += 1;
        else result.counts[outcome.to] += 1;
      } catch (err) {
        result.counts.failed += 1;
        console.error(`settle unpaid: legacy invoice ${row.legacyNumber} failed:`, err);
        result.failures.push({ legacyNumber: row.legacyNumber, error: errorSummary(err) });
      }
    }
    if (page.length < pageSize) return result;
    cursor = page[page.length - 1]!.id;
  }
}
