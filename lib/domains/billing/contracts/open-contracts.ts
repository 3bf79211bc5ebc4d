import { planName } from "@/lib/domains/prices/catalog";
import { db } from "@/lib/core/db/client";

/** A consumer may withdraw within 14 days of concluding the contract (§355 BGB). */
export const WITHDRAWAL_DAYS = 14;

export function withdrawalEndsAt(concludedAt: Date): Date {
  return new Date(concludedAt.getTime() + WITHDRAWAL_DAYS * 86_400_000);
}

/** Contracts the customer can still end: running and not yet under notice (a withdrawal also ends those under notice). */
export async function openContracts(
  userId: number,
  kind: "cancellation" | "withdrawal",
): Promise<{ id: number; label: string; periodEnd: Date | null }[]> {
  const rows = await db.userPaymentOption.findMany({
    where: {
      userId,
      status: { not: "cancelled" },
      ...(kind === "cancellation"
        ? { cancelAtPeriodEnd: false }
        : { createdAt: { gt: new Date(Date.now() - WITHDRAWAL_DAYS * 86_400_000) } }),
    },
    orderBy: { id: "asc" },
    select: { id: true, plan: true, createdAt: true, periodEnd: true },
  });
  return rows.map((r) => ({
    id: r.id,
    label: `Paket ${planName(r.plan)}, gebucht am ${r.createdAt.toLocaleDateString("de-DE", { timeZone: "Europe/Berlin" })}`,
    periodEnd: r.periodEnd,
  }));
}
