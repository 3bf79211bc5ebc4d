import { PLANS, VAT_RATE_PERCENT, vatOf, type Plan, type PlanId } from "@/lib/domains/prices/catalog";
import type { Edition } from "@/lib/domains/sites/sites";
import { LANDING_TEXTS } from "./texts";

// The plans as the front page shows them, derived from the one price list
// (lib/domains/prices/catalog.ts). Pure: the same catalog and edition give the same cards.

/** One plan card of the front page, its prices formatted for the edition. */
export interface LandingPlan {
  id: PlanId;
  name: string;
  /** The catalog's one-line summary in the edition's language. */
  summary: string;
  /** Publications per calendar month. */
  monthlyReleaseQuota: number;
  /** Whether the plan opens API v1 and /service/.... */
  apiAccess: boolean;
  /** Net price per month in cents, as the catalog holds it. */
  monthlyNetCents: number;
  /** Net price per month, e.g. "49,00 €" / "€49.00". */
  priceNet: string;
  /** The same with VAT, e.g. "58,31 €" / "€58.31". */
  priceGross: string;
}

/** An amount in euro cents as the edition writes money ("1.234,50 €" / "€1,234.50"). */
export function formatEuro(cents: number, edition: Edition): string {
  return new Intl.NumberFormat(LANDING_TEXTS[edition].locale, { style: "currency", currency: "EUR" }).format(cents / 100);
}

/** The catalog's plans, cheapest first, for the edition. */
export function landingPlans(edition: Edition, plans: readonly Plan[] = Object.values(PLANS)): LandingPlan[] {
  return [...plans]
    .sort((a, b) => a.monthlyNetCents - b.monthlyNetCents)
    .map((plan) => ({
      id: plan.id,
      name: plan.name,
      summary: plan.summary[edition],
      monthlyReleaseQuota: plan.monthlyReleaseQuota,
      apiAccess: plan.apiAccess,
      monthlyNetCents: plan.monthlyNetCents,
      priceNet: formatEuro(plan.monthlyNetCents, edition),
      priceGross: formatEuro(plan.monthlyNetCents + vatOf(plan.monthlyNetCents), edition),
    }));
}

/** The note under the prices: net, plus the VAT rate of the catalog. */
export function landingPricesNote(edition: Edition, vatRatePercent: number = VAT_RATE_PERCENT): string {
  return LANDING_TEXTS[edition].prices.note(vatRatePercent);
}
