import type { Metadata } from "next";
import Link from "next/link";
import { ContractEndSection } from "@/components/billing/contract-end-section";
import { CreditsSection } from "@/components/billing/credits-section";
import { InvoicesTable } from "@/components/billing/invoices-table";
import { PlanCards } from "@/components/billing/plan-cards";
import { PlanSummary } from "@/components/billing/plan-summary";
import { UpgradeOffers } from "@/components/billing/upgrade-offers";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { loadBillingPage } from "@/lib/adapters/dashboard/billing-page";
import { requireUser } from "@/lib/domains/auth/session";
import { VAT_RATE_PERCENT } from "@/lib/domains/prices/catalog";
import { bookPlan, buyCredits, managePaymentMethod, upgradePlan } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Abrechnung" };

// The customer's billing page: the facts first (as a provider's customer portal shows them),
// then booking or moving to a bigger plan, credits, invoices, and ending a contract last.
export default async function BillingPage({ searchParams }: { searchParams: Promise<{ checkout?: string }> }) {
  const { user } = await requireUser();
  const [view, params] = await Promise.all([loadBillingPage(user), searchParams]);
  return (
    <>
      <PageHeader title="Abrechnung" actions={<Link href="/dashboard/billing/settings">Rechnungsadresse und Rechnungsversand</Link>} />
      {params.checkout === "cancelled" ? <Notice tone="warning">Die Zahlung wurde abgebrochen. Es wurde nichts berechnet.</Notice> : null}

      <section className="billing-section" aria-labelledby="plan-heading">
        <h2 id="plan-heading">Ihr Paket</h2>
        <PlanSummary view={view} managePayment={managePaymentMethod} />
      </section>

      {view.canBook || view.upgrades.length || view.planChangeHint ? (
        <section className="billing-section" aria-labelledby="plans-heading">
          <h2 id="plans-heading">{view.canBook ? "Paket buchen" : "Paket wechseln"}</h2>
          {view.canBook ? <PlanCards book={bookPlan} /> : <UpgradeOffers offers={view.upgrades} upgrade={upgradePlan} />}
          {view.planChangeHint && !view.canBook ? <p className="meta">{view.planChangeHint}</p> : null}
          <p className="meta">Alle Preise zzgl. {VAT_RATE_PERCENT} % USt.</p>
        </section>
      ) : null}

      <CreditsSection newsrooms={view.newsrooms} buy={buyCredits} />

      <section className="billing-section" aria-labelledby="invoices-heading">
        <h2 id="invoices-heading">Rechnungen</h2>
        <InvoicesTable invoices={view.invoices} />
      </section>

      {view.contractEnd ? <ContractEndSection end={view.contractEnd} /> : null}
    </>
  );
}
