import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { addBerlinMonths } from "@/lib/domains/billing/agreements/billing-period";
import { db } from "@/lib/core/db/client";

const PAGE_SIZE = 100;
/** Without an explicit date, legacy terms hold for a year after the current period. */
export const DEFAULT_GRANDFATHERING_MONTHS = 12;

export interface GrandfatherSubscriptionsOptions {
  /** The day the old terms end for everyone; absent: each agreement's period end + 12 months. */
  until?: Date | null;
  dryRun?: boolean;
  now?: Date;
  pageSize?: number;
}

export interface GrandfatherSubscriptionsResult {
  dryRun: boolean;
  agreements: { agreementId: number; userId: number; grandfatheredUntil: Date }[];
}

/**
 * legacy:grandfather-subscriptions (spec 4.7): every legacy manual agreement (bank transfer,
 * active, no end date yet) keeps its terms until a fixed end, after which the expire run ends
 * it. Per page one transaction; each row is set only while it still has no end date, so a
 * second run, or one racing this one, never moves a date already set.
 */
export async function grandfatherSubscriptions(opts: GrandfatherSubscriptionsOptions = {}): Promise<GrandfatherSubscriptionsResult> {
  const now = opts.now ?? new Date();
  const dryRun = opts.dryRun ?? false;
  const pageSize = opts.pageSize ?? PAGE_SIZE;
  const result: GrandfatherSubscriptionsResult = { dryRun, agreements: [] };
  let cursor = 0;
  for (;;) {
    const page = await db.userPaymentOption.findMany({
      where: { provider: "manual", status: "active", grandfatheredUntil: null, id: { gt: cursor } },
      select: { id: true, userId: true, periodEnd: true },
      orderBy: { id: "asc" },
      take: pageSize,
    });
    const planned = page.map((a) => ({
      agreementId: a.id,
      userId: a.userId,
      grandfatheredUntil: opts.until ?? addBerlinMonths(a.periodEnd ?? now, DEFAULT_GRANDFATHERING_MONTHS),
    }));
    if (dryRun) result.agreements.push(...planned);
    else {
      const set = await db.$transaction(
        async (tx) => {
          const done: typeof planned = [];
          for (const p of planned) {
            // Race: a concurrent run or an admin setting a date: only a row still without one changes.
            const { count } = await tx.userPaymentOption.updateMany({
              where: { id: p.agreementId, provider: "manual", status: "active", grandfatheredUntil: null },
              data: { grandfatheredUntil: p.grandfatheredUntil },
            });
            if (!count) continue;
            await recordActivity(
              {
                type: ACTIVITY.agreementGrandfathered,
                subjectType: "agreement",
                subjectId: p.agreementId,
                result: p.grandfatheredUntil.toISOString(),
                metadata: { userId: p.userId },
              },
              tx,
            );
            done.push(p);
          }
          return done;
        },
        { timeout: 30_000 },
      );
      result.agreements.push(...set);
    }
    if (page.length < pageSize) return result;
    cursor = page[page.length - 1]!.id;
  }
}
