import { loadBillingOverview, type BillingOverview } from "@/lib/domains/billing/billing-overview";
import { loadPaymentCard, type PaymentCardFacts } from "@/lib/domains/billing/checkout/payment-card";
import { withdrawalEndsAt } from "@/lib/domains/billing/contracts/open-contracts";
import { loadBillingAddress } from "@/lib/domains/billing/invoices/billing-address";
import type { BillingAddressData } from "@/lib/domains/billing/invoices/billing-address-fields";
import { PLANS } from "@/lib/domains/prices/catalog";
import { formatBerlinDay as day } from "@/lib/core/time/berlin-time";
import { cardText, planFacts, upgradeOffers, type PlanFactsView, type UpgradeOfferView } from "./billing-plan-facts";

// The customer's billing page (/dashboard/billing) as one view: the facts at the top, the
// upgrade offers, what ending a contract does, and the overview's credits and invoices.

export interface BillingPageView {
  /** Running plans (the current one first), then plans ended in the last 90 days. */
  plans: PlanFactsView[];
  quota: { used: number; limit: number; percent: number };
  /** An account-level line about paying: only where no running plan says it already. */
  paymentNote: string | null;
  /** The account paid by card before: the provider's portal manages card and receipts. */
  canManagePayment: boolean;
  billingAddress: string;
  upgrades: UpgradeOfferView[];
  /** Said when no upgrade is offered to a running plan, or how to move to a smaller one. */
  planChangeHint: string | null;
  /** No running plan without notice: the catalog's plans can be booked. */
  canBook: boolean;
  /** What ending a contract does, said before the links that do it; null without a running contract. */
  contractEnd: { cancellation: string | null; withdrawal: string | null } | null;
  newsrooms: BillingOverview["newsrooms"];
  invoices: BillingOverview["invoices"];
}

function addressLine(address: BillingAddressData | null, account: { name: string; email: string }): string {
  if (!address) return `Noch keine hinterlegt. Rechnungen gehen an ${account.name} und ${account.email}.`;
  return [
    address.company,
    address.name,
    address.street,
    `${address.postalCode} ${address.city}`,
    address.country === "DE" ? null : address.country,
  ]
    .filter(Boolean)
    .join(", ");
}

function planChangeHint(current: BillingOverview["agreements"][number] | undefined, hasUpgrades: boolean): string | null {
  if (!current) return null;
  if (current.status !== "active") return "Ein Wechsel des Pakets ist möglich, sobald die offene Zahlung eingegangen ist.";
  const smaller = Object.values(PLANS).some((p) => p.monthlyReleaseQuota < current.monthlyReleaseQuota);
  const toSmaller = smaller
    ? "Für ein kleineres Paket kündigen Sie Ihr jetziges zum Ende des Zeitraums; danach können Sie das kleinere buchen."
    : null;
  if (hasUpgrades) return toSmaller;
  return ["Sie nutzen bereits unser größtes Paket.", toSmaller].filter(Boolean).join(" ");
}

function contractEnd(overview: BillingOverview, now: Date): BillingPageView["contractEnd"] {
  const running = overview.agreements.filter((a) => a.status !== "cancelled");
  if (!running.length) return null;
  const noticeable = running.filter((a) => !a.cancelAtPeriodEnd);
  const withdrawable = running.filter((a) => withdrawalEndsAt(a.createdAt) > now);
  const endsOn = (a: (typeof running)[number]) => (a.periodEnd && a.periodEnd > now ? `am ${day(a.periodEnd)}` : "sofort");
  return {
    cancellation: noticeable.length
      ? noticeable.map((a) => `Kündigen Sie Paket ${a.planName}, endet es ${endsOn(a)}.`).join(" ") +
        " Bis dahin bleibt es nutzbar; Sie bestätigen die Kündigung auf der nächsten Seite und erhalten eine Eingangsbestätigung per E-Mail."
      : null,
    withdrawal: withdrawable.length
      ? withdrawable.map((a) => `Paket ${a.planName} können Sie bis ${day(withdrawalEndsAt(a.createdAt))} widerrufen.`).join(" ") +
        " Ein Widerruf beendet den Vertrag sofort; bereits gezahlte Beträge erstatten wir."
      : null,
  };
}

/** Assembles the page from what was read; pure, so every state's texts can be tested. */
export function billingPageView(
  overview: BillingOverview,
  extras: { card: PaymentCardFacts; address: BillingAddressData | null; account: { name: string; email: string } },
  now: Date,
): BillingPageView {
  const agreements = [...overview.agreements].sort((a, b) => rank(a) - rank(b) || b.id - a.id);
  const current = agreements.find((a) => a.status !== "cancelled" && !a.cancelAtPeriodEnd);
  const upgrades = current ? upgradeOffers(current, now) : [];
  const running = agreements.some((a) => a.status !== "cancelled");
  const card = cardText(extras.card);
  const { used, limit } = overview.quota;
  return {
    plans: agreements.map((a) => planFacts(a, agreements, overview.invoices, extras.card)),
    quota: { used, limit, percent: limit ? Math.min(100, Math.round((used / limit) * 100)) : 0 },
    paymentNote: running ? null : card ? `Hinterlegt: ${card}` : "Ihre Zahlungsmethode geben Sie bei der ersten Buchung an.",
    canManagePayment: overview.hasProviderCustomer,
    billingAddress: addressLine(extras.address, extras.account),
    upgrades,
    planChangeHint: planChangeHint(current, upgrades.length > 0),
    canBook: !current,
    contractEnd: contractEnd(overview, now),
    newsrooms: overview.newsrooms,
    invoices: overview.invoices,
  };
}

/** Current plan first, then plans under notice, then ended ones. */
function rank(a: BillingOverview["agreements"][number]): number {
  if (a.status === "cancelled") return 2;
  return a.cancelAtPeriodEnd ? 1 : 0;
}

export async function loadBillingPage(user: { id: number; name: string; email: string }, now = new Date()): Promise<BillingPageView> {
  const [overview, card, { address }] = await Promise.all([
    loadBillingOverview(user.id, now),
    loadPaymentCard(user.id),
    loadBillingAddress(user.id),
  ]);
  return billingPageView(overview, { card, address, account: { name: user.name, email: user.email } }, now);
}
