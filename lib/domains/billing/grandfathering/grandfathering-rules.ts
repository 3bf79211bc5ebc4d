import { firstBerlinMonthStepAfter } from "@/lib/domains/billing/agreements/billing-period";
import { Prisma, type UserPaymentOption } from "@/lib/generated/prisma/client";

type Terms = Pick<
  UserPaymentOption,
  | "status"
  | "provider"
  | "cancelAtPeriodEnd"
  | "grandfatheredUntil"
  | "grandfatheringExpiredAt"
  | "grandfatheringEndScheduledAt"
  | "periodEnd"
>;

/**
 * Where an agreement's previous terms stand (spec 3.1, "active with grandfathered_until → next
 * period begins after the end date → cancelled"):
 * - `running`: the first period that begins after the end date has not begun yet, and the one
 *   running now (or due, but not invoiced) began on or before the end date;
 * - `last_period`: the period running now was invoiced (or paid by card) and ends after the end
 *   date; quota and subscription last until that period ends, never less;
 * - `over`: the first period beginning after the end date has begun, invoiced or not: the expire
 *   run ends the terms and the invoice run bills no period from there on;
 * - `none`: no previous terms, or they were ended already.
 */
export type GrandfatheringStage = "none" | "running" | "last_period" | "over";

/**
 * Where the previous terms end: the first period boundary after the end date, counted by the
 * calendar from the stored period end (from now for an agreement never billed). The stored
 * period end moves only when a period is invoiced or renewed; an agreement on billing hold or
 * behind a stalled run still reaches its boundary on time.
 */
function grandfatheringBoundary(agreement: Pick<Terms, "grandfatheredUntil" | "periodEnd">, now: Date): Date | null {
  return agreement.grandfatheredUntil ? firstBerlinMonthStepAfter(agreement.periodEnd ?? now, agreement.grandfatheredUntil) : null;
}

/** The provider ended this card subscription at its period end because the expire run asked it to. */
const endedAtOurRequest = (a: Terms) =>
  a.status === "cancelled" && a.provider === "stripe" && a.cancelAtPeriodEnd && a.grandfatheringEndScheduledAt !== null;

/**
 * The TypeScript side of the rule, for rows read under their lock. grandfatheringStageSql is
 * the same rule for the queries that find the rows; the two are compared case by case in
 * grandfathering-rules.integration.test.ts.
 */
export function grandfatheringStage(agreement: Terms, now: Date): GrandfatheringStage {
  const until = agreement.grandfatheredUntil;
  if (!until || agreement.grandfatheringExpiredAt) return "none";
  const ended = endedAtOurRequest(agreement);
  if (agreement.status !== "active" && !ended) return "none";
  if (grandfatheringBoundary(agreement, now)! <= now) return "over";
  if (ended) return "none";
  return (agreement.periodEnd ?? now) > until ? "last_period" : "running";
}

/** The invoice run and the expire run use the same rule: no invoice for a period the terms do not reach. */
export const isGrandfatheringOver = (agreement: Terms, now: Date): boolean => grandfatheringStage(agreement, now) === "over";

/**
 * grandfatheringStage as an SQL expression over the columns of `user_payment_options` (unqualified),
 * giving 'none' | 'running' | 'last_period' | 'over'. The boundary: from the anchor (period_end,
 * else now) the step of whole months that lands in the end date's Berlin month, or the next one
 * if that step is not after the end date; Postgres adds months to a Berlin wall-clock time as
 * addBerlinMonths does (the 31st becomes the last day of a shorter month).
 */
export function grandfatheringStageSql(now: Date): Prisma.Sql {
  const anchor = Prisma.sql`COALESCE(period_end, ${now}::timestamptz)`;
  const wall = (t: Prisma.Sql) => Prisma.sql`(${t} AT TIME ZONE 'Europe/Berlin')`;
  const until = Prisma.sql`grandfathered_until`;
  const months = Prisma.sql`((date_part('year', ${wall(until)}) - date_part('year', ${wall(anchor)})) * 12 + date_part('month', ${wall(until)}) - date_part('month', ${wall(anchor)}))::int`;
  const step = (k: Prisma.Sql) => Prisma.sql`((${wall(anchor)} + make_interval(months => ${k})) AT TIME ZONE 'Europe/Berlin')`;
  const boundary = Prisma.sql`(CASE WHEN ${anchor} > ${until} THEN ${anchor} WHEN ${step(months)} > ${until} THEN ${step(months)} ELSE ${step(Prisma.sql`${months} + 1`)} END)`;
  return Prisma.sql`(CASE
    WHEN grandfathered_until IS NULL OR grandfathering_expired_at IS NOT NULL THEN 'none'
    WHEN NOT (status = 'active' OR (status = 'cancelled' AND provider = 'stripe' AND cancel_at_period_end AND grandfathering_end_scheduled_at IS NOT NULL)) THEN 'none'
    WHEN ${boundary} <= ${now}::timestamptz THEN 'over'
    WHEN status = 'cancelled' THEN 'none'
    WHEN ${anchor} > ${until} THEN 'last_period'
    ELSE 'running' END)`;
}

/**
 * The provider has ended this card subscription already: the customer or the expire run told it
 * not to renew and its period is over, though its deletion event may not have arrived yet.
 * Nothing is to be cancelled at the provider any more.
 */
export const isEndedAtProvider = (a: Pick<UserPaymentOption, "provider" | "cancelAtPeriodEnd" | "periodEnd">, now: Date): boolean =>
  a.provider === "stripe" && a.cancelAtPeriodEnd && a.periodEnd !== null && a.periodEnd <= now;

/** The customer gave notice themselves (§312k BGB, or at the provider): the end is theirs, not the grandfathering's. */
export const isEndedByNotice = (a: Pick<UserPaymentOption, "cancelAtPeriodEnd" | "grandfatheringEndScheduledAt">): boolean =>
  a.cancelAtPeriodEnd && a.grandfatheringEndScheduledAt === null;

/** The subscriptions at the provider that belong to these card agreements (manual ones have none). */
export function providerSubscriptionsOf(
  agreements: Pick<UserPaymentOption, "id" | "provider" | "stripeSubscriptionId">[],
): { agreementId: number; subscriptionId: string }[] {
  return agreements.flatMap((a) =>
    a.provider === "stripe" && a.stripeSubscriptionId ? [{ agreementId: a.id, subscriptionId: a.stripeSubscriptionId }] : [],
  );
}
