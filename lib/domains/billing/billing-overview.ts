import { isPlanId, planName, type PlanId } from "@/lib/domains/prices/catalog";
import { listCompanyBoosts, type CompanyBoostRow } from "@/lib/domains/billing/boosts/boost-offer";
import { db } from "@/lib/core/db/client";
import { quotaStatus } from "@/lib/domains/releases/quota";

// Everything the customer's billing page shows, read in one place.

export interface AgreementView {
  id: number;
  planName: string;
  /** The catalog plan, null for a legacy plan outside the price list. */
  planId: PlanId | null;
  provider: "stripe" | "manual";
  status: string;
  monthlyReleaseQuota: number;
  apiAccess: boolean;
  priceCents: number;
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  cancellationRequestedAt: Date | null;
  grandfatheredUntil: Date | null;
  cancelledAt: Date | null;
  createdAt: Date;
}

export interface InvoiceView {
  id: number;
  number: string;
  kind: "stripe" | "manual";
  status: string;
  issuedAt: Date;
  grossCents: number;
  dueAt: Date | null;
  hasPdf: boolean;
  agreementId: number | null;
}

export interface BillingOverview {
  agreements: AgreementView[];
  quota: { limit: number; used: number; remaining: number };
  newsrooms: { id: number; name: string; credits: number; boosts: CompanyBoostRow[] }[];
  invoices: InvoiceView[];
  hasProviderCustomer: boolean;
}

export async function loadBillingOverview(userId: number, now = new Date()): Promise<BillingOverview> {
  const [agreements, quota, owned, invoices, user] = await Promise.all([
    db.userPaymentOption.findMany({
      where: { userId, OR: [{ status: { not: "cancelled" } }, { cancelledAt: { gt: new Date(now.getTime() - 90 * 86_400_000) } }] },
      orderBy: [{ status: "asc" }, { id: "desc" }],
      take: 10,
    }),
    quotaStatus(db, userId, now),
    // Credits and boosts are money: they are shown to those who hold the newsroom's billing ability (owners).
    db.companyUser.findMany({
      where: { userId, role: "owner", company: { deletedAt: null } },
      select: { company: { select: { id: true, name: true, credits: true } } },
      orderBy: { companyId: "asc" },
    }),
    db.invoice.findMany({ where: { userId, status: { not: "draft" } }, orderBy: [{ issuedAt: "desc" }, { id: "desc" }], take: 50 }),
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { stripeCustomerId: true } }),
  ]);
  const newsrooms = await Promise.all(owned.map(async ({ company }) => ({ ...company, boosts: await listCompanyBoosts(company.id) })));
  return {
    agreements: agreements.map((a) => ({
      id: a.id,
      planName: planName(a.plan),
      planId: isPlanId(a.plan) ? a.plan : null,
      provider: a.provider,
      status: a.status,
      monthlyReleaseQuota: a.monthlyReleaseQuota,
      apiAccess: a.apiAccess,
      priceCents: a.priceCents,
      periodEnd: a.periodEnd,
      cancelAtPeriodEnd: a.cancelAtPeriodEnd,
      cancellationRequestedAt: a.cancellationRequestedAt,
      grandfatheredUntil: a.grandfatheredUntil,
      cancelledAt: a.cancelledAt,
      createdAt: a.createdAt,
    })),
    quota,
    newsrooms,
    invoices: invoices.map((i) => ({
      id: i.id,
      number: i.number,
      kind: i.kind,
      status: i.status,
      issuedAt: i.issuedAt,
      grossCents: i.amountCents + i.taxCents,
      dueAt: i.dueAt,
      hasPdf: i.kind === "manual" || !!i.pdfPath,
      agreementId: i.userPaymentOptionId,
    })),
    hasProviderCustomer: !!user.stripeCustomerId,
  };
}
