import { db } from "@/lib/core/db/client";
import { grandfatheringStageSql } from "@/lib/domains/billing/grandfathering/grandfathering-rules";
import { JOB } from "@/lib/core/jobs/names";
import { defineJob } from "@/lib/core/jobs/types";
import { errorSummary } from "@/lib/core/errors/error-summary";
import { invoiceAgreementPeriod, nextPeriodOf, type InvoiceSkipReason } from "./invoice-agreement";

export const INVOICE_RUN_LIMIT = 500;
const PAGE_SIZE = 100;
/** Invoicing renders and queues the invoice mail inside the agreement's transaction. */
const STEP_TIMEOUT_MS = 30_000;

export interface RunInvoicesOptions {
  now?: Date;
  /** Stop after this many created invoices (spec 8: 500); the rest waits for the next run. */
  limit?: number;
  /** Agreements read per page: the due stock is never loaded at once. */
  pageSize?: number;
  /** List what would be invoiced; nothing changes. */
  dryRun?: boolean;
}

export interface BlockedAgreement {
  agreementId: number;
  userId: number;
  plan: string;
  reason: string | null;
  heldAt: Date;
  periodEnd: Date | null;
}

export interface RunInvoicesResult {
  dryRun: boolean;
  /** Invoices created (in a dry run: those that would be; invoiceId and number null). */
  created: { agreementId: number; userId: number; invoiceId: number | null; number: string | null; periodStart: Date; periodEnd: Date }[];
  /** Due when read, not any more under the lock (another run, an admin action). */
  skipped: { agreementId: number; reason: InvoiceSkipReason }[];
  failed: { agreementId: number; error: string }[];
  /** The limit stopped the run with due agreements left. */
  limitReached: boolean;
  /** Due agreements on billing hold, not invoiced: the admin queue ("bill now" or remove). Listed last. */
  blocked: BlockedAgreement[];
}

interface DueRow {
  id: number;
  user_id: number;
  period_start: Date | null;
  period_end: Date | null;
  sort_key: Date;
}

// Agreements without a period end sort first (they were never billed); the sentinel stands for them.
const NO_END = new Date(0);

/**
 * The next page of due manual agreements in (period_end, id) order after the cursor: active,
 * not on hold, whose grandfathered terms reach the new period (grandfatheringStage not "over":
 * the expire run ends those, and no period after the terms' boundary is ever billed).
 */
async function duePage(now: Date, after: { key: Date; id: number }, pageSize: number): Promise<DueRow[]> {
  return db.$queryRaw<DueRow[]>`
    SELECT id, user_id, period_start, period_end, COALESCE(period_end, ${NO_END}::timestamptz) AS sort_key
    FROM user_payment_options
    WHERE provider = 'manual' AND status = 'active' AND billing_hold_at IS NULL
      AND (period_start IS NULL OR period_end <= ${now}::timestamptz)
      AND ${grandfatheringStageSql(now)} <> 'over'
      AND (COALESCE(period_end, ${NO_END}::timestamptz), id) > (${after.key}::timestamptz, ${after.id})
    ORDER BY COALESCE(period_end, ${NO_END}::timestamptz), id
    LIMIT ${pageSize}`;
}

/** Due agreements on billing hold, page by page in id order. */
async function blockedAgreements(now: Date, pageSize: number): Promise<BlockedAgreement[]> {
  const out: BlockedAgreement[] = [];
  let cursor = 0;
  for (;;) {
    const page = await db.userPaymentOption.findMany({
      where: {
        provider: "manual",
        status: "active",
        billingHoldAt: { not: null },
        id: { gt: cursor },
        OR: [{ periodStart: null }, { periodEnd: { lte: now } }],
      },
      select: { id: true, userId: true, plan: true, billingHoldReason: true, billingHoldAt: true, periodEnd: true },
      orderBy: { id: "asc" },
      take: pageSize,
    });
    for (const a of page)
      out.push({
        agreementId: a.id,
        userId: a.userId,
        plan: a.plan,
        reason: a.billingHoldReason,
        heldAt: a.billingHoldAt!,
        periodEnd: a.periodEnd,
      });
    if (page.length < pageSize) return out;
    cursor = page[page.length - 1]!.id;
  }
}

/**
 * billing:run-invoices (spec 8; daily 04:30, after the expire run): one MAN invoice for the next
 * month per due manual agreement, oldest period end first, each agreement in its own
 * transaction, until `limit` invoices exist. One period per agreement and run: an agreement
 * several months behind gets the next month tomorrow, not a pile of invoices at once.
 */
export async function runInvoices(opts: RunInvoicesOptions = {}): Promise<RunInvoicesResult> {
  const now = opts.now ?? new Date();
  const limit = opts.limit ?? INVOICE_RUN_LIMIT;
  const pageSize = opts.pageSize ?? PAGE_SIZE;
  const dryRun = opts.dryRun ?? false;
  const result: RunInvoicesResult = { dryRun, created: [], skipped: [], failed: [], limitReached: false, blocked: [] };
  // An advanced agreement can come round again later in the same order: seen ones are passed over.
  const seen = new Set<number>();
  let cursor = { key: NO_END, id: 0 };

  pages: for (;;) {
    const page = await duePage(now, cursor, pageSize);
    for (const row of page) {
      if (seen.has(row.id)) continue;
      if (result.created.length >= limit) {
        result.limitReached = true;
        break pages;
      }
      seen.add(row.id);
      if (dryRun) {
        const period = nextPeriodOf({ periodStart: row.period_start, periodEnd: row.period_end }, now);
        result.created.push({ agreementId: row.id, userId: row.user_id, invoiceId: null, number: null, ...period });
        continue;
      }
      try {
        const step = await db.$transaction((tx) => invoiceAgreementPeriod(tx, { paymentOptionId: row.id, now }), {
          timeout: STEP_TIMEOUT_MS,
        });
        if (step.kind === "invoiced")
          result.created.push({
            agreementId: step.agreementId,
            userId: step.userId,
            invoiceId: step.invoiceId,
            number: step.number,
            periodStart: step.periodStart,
            periodEnd: step.periodEnd,
          });
        else result.skipped.push({ agreementId: step.agreementId, reason: step.reason });
      } catch (err) {
        console.error(`invoice run: agreement ${row.id} failed:`, err);
        result.failed.push({ agreementId: row.id, error: errorSummary(err) });
      }
    }
    if (page.length < pageSize) break;
    const last = page[page.length - 1]!;
    cursor = { key: last.sort_key, id: last.id };
  }
  result.blocked = await blockedAgreements(now, pageSize);
  return result;
}

export const runInvoicesJob = defineJob({
  name: JOB.runInvoices,
  retries: 2,
  timeoutSeconds: 1800,
  // A retry invoices only what is still due: invoiced agreements moved on to their next period.
  handler: async (_payload, { step }) =>
    step.run("run-invoices", async () => {
      const r = await runInvoices();
      if (r.failed.length)
        throw new Error(
          `Invoice run: ${r.failed.length} agreements failed: ${r.failed.map((f) => `${f.agreementId} (${f.error})`).join("; ")}`,
        );
      return { created: r.created.length, skipped: r.skipped.length, blocked: r.blocked.length, limitReached: r.limitReached };
    }),
});
