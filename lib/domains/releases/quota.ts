import type { DbOrTx, Tx } from "@/lib/core/db/client";
import { QuotaExceededException } from "@/lib/core/errors/errors";

/** Calendar month of an instant in the service's time zone, as stored: 'YYYY-MM'. */
export function quotaPeriodOf(at: Date): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit" }).formatToParts(at);
  return `${parts.find((p) => p.type === "year")!.value}-${parts.find((p) => p.type === "month")!.value}`;
}

/** Usage counted against this month: an earlier month's usage counts as zero; NULL means this month. */
export function effectiveQuotaUsed(user: { pressReleaseQuotaPeriod: string | null; pressReleaseQuotaUsed: number }, now: Date): number {
  if (user.pressReleaseQuotaPeriod === null) return user.pressReleaseQuotaUsed;
  return user.pressReleaseQuotaPeriod === quotaPeriodOf(now) ? user.pressReleaseQuotaUsed : 0;
}

/**
 * Takes one publication from the user's monthly quota, or throws QuotaExceededException.
 * The user row is locked first: two publications racing for the last unit serialize here.
 */
export async function consumeQuota(
  tx: Tx,
  userId: number,
  now: Date,
  opts: { allowOverLimit?: boolean } = {},
): Promise<{ limit: number; used: number; period: string }> {
  await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
  const { limit, used } = await quotaStatus(tx, userId, now);
  if (used >= limit && !opts.allowOverLimit) {
    throw new QuotaExceededException(`The monthly quota of ${limit} publications is used up.`, { limit, used });
  }
  await tx.user.update({ where: { id: userId }, data: { pressReleaseQuotaPeriod: quotaPeriodOf(now), pressReleaseQuotaUsed: used + 1 } });
  return { limit, used: used + 1, period: quotaPeriodOf(now) };
}

/** This month's publication quota of a user: the largest of their active bookings, and what is used of it. */
export async function quotaStatus(client: DbOrTx, userId: number, now: Date): Promise<{ limit: number; used: number; remaining: number }> {
  const user = await client.user.findUniqueOrThrow({
    where: { id: userId },
    select: { pressReleaseQuotaPeriod: true, pressReleaseQuotaUsed: true },
  });
  const options = await client.userPaymentOption.findMany({ where: { userId, status: "active" }, select: { monthlyReleaseQuota: true } });
  const limit = Math.max(0, ...options.map((o) => o.monthlyReleaseQuota));
  const used = effectiveQuotaUsed(user, now);
  return { limit, used, remaining: Math.max(0, limit - used) };
}
