import { db } from "@/lib/core/db/client";
import { planName } from "@/lib/domains/prices/catalog";
import { quotaStatus } from "@/lib/domains/releases/quota";

// A newsroom's plan as staff see it on its page: plans, quota and invoices belong to accounts
// (spec 2.4), so the newsroom's owners are who book for it; each with what they hold.

export const OWNER_INVOICES_SHOWN = 5;

export interface OwnerBilling {
  user: { id: number; name: string; email: string };
  plans: { id: number; name: string; status: string; provider: "stripe" | "manual"; periodEnd: Date | null; cancelAtPeriodEnd: boolean }[];
  quota: { limit: number; used: number; remaining: number };
  invoices: { id: number; number: string; status: string; issuedAt: Date; grossCents: number }[];
  invoiceTotal: number;
}

/** `withInvoices`: only for staff who may see payments; without it no invoice is read at all. */
export async function loadOwnerBilling(
  owners: { id: number; name: string; email: string }[],
  opts: { withInvoices: boolean; now?: Date },
): Promise<OwnerBilling[]> {
  const now = opts.now ?? new Date();
  return Promise.all(
    owners.map(async (user) => {
      const [plans, quota, invoices, invoiceTotal] = await Promise.all([
        db.userPaymentOption.findMany({
          where: { userId: user.id, status: { not: "cancelled" } },
          orderBy: { id: "desc" },
          select: { id: true, plan: true, status: true, provider: true, periodEnd: true, cancelAtPeriodEnd: true },
        }),
        quotaStatus(db, user.id, now),
        !opts.withInvoices
          ? []
          : db.invoice.findMany({
              where: { userId: user.id, status: { not: "draft" } },
              orderBy: [{ issuedAt: "desc" }, { id: "desc" }],
              take: OWNER_INVOICES_SHOWN,
              select: { id: true, number: true, status: true, issuedAt: true, amountCents: true, taxCents: true },
            }),
        opts.withInvoices ? db.invoice.count({ where: { userId: user.id, status: { not: "draft" } } }) : 0,
      ]);
      return {
        user,
        plans: plans.map((p) => ({
          id: p.id,
          name: planName(p.plan),
          status: p.status,
          provider: p.provider,
          periodEnd: p.periodEnd,
          cancelAtPeriodEnd: p.cancelAtPeriodEnd,
        })),
        quota,
        invoices: invoices.map((i) => ({
          id: i.id,
          number: i.number,
          status: i.status,
          issuedAt: i.issuedAt,
          grossCents: i.amountCents + i.taxCents,
        })),
        invoiceTotal,
      };
    }),
  );
}
