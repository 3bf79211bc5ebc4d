import type { AgreementView, InvoiceView } from "@/lib/domains/billing/billing-overview";
import type { PaymentCardFacts } from "@/lib/domains/billing/checkout/payment-card";
import { upgradePlans } from "@/lib/domains/billing/checkout/plan-upgrade";
import { formatEuro } from "@/lib/domains/billing/money";
import { PLANS, vatOf, type PlanId } from "@/lib/domains/prices/catalog";
import { formatBerlinDay as day } from "@/lib/core/time/berlin-time";

// The billing page's plan facts as the customer reads them, the way a provider's customer portal
// shows them: plan, price, state, next date, payment method. Pure: every text here is tested
// against the states an agreement can be in (billing-plan-facts.test.ts).

export type FactTone = "success" | "warning" | "muted";

export interface PlanFactsView {
  agreementId: number;
  /** "Paket Business": the heading browser tests find the plan by. */
  heading: string;
  state: { text: string; tone: FactTone };
  facts: { label: string; value: string }[];
  /** What the state asks of the customer, or how two plans run side by side. */
  note: string | null;
  /** The running plan without notice: the one an upgrade replaces. */
  isCurrent: boolean;
}

export interface UpgradeOfferView {
  agreementId: number;
  planId: PlanId;
  /** The button: "Auf Agentur wechseln". */
  label: string;
  name: string;
  price: string;
  adds: string[];
  /** How the change is billed, said before the customer goes to pay. */
  terms: string;
}

const CARD_BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
  cartes_bancaires: "Cartes Bancaires",
};

/** "Visa •••• 4242, gültig bis 12/2030"; a brand we do not know is simply "Karte". */
export function cardText(card: PaymentCardFacts): string | null {
  if (card.kind === "none") return null;
  if (card.kind === "card_unknown") return "Kreditkarte (Angaben gerade nicht abrufbar)";
  const { brand, last4, expMonth, expYear } = card.card;
  const expiry = expMonth && expYear ? `, gültig bis ${String(expMonth).padStart(2, "0")}/${expYear}` : "";
  return `${CARD_BRANDS[brand] ?? "Karte"} •••• ${last4}${expiry}`;
}

const gross = (netCents: number) => formatEuro(netCents + vatOf(netCents));
const isRunning = (a: AgreementView) => a.status !== "cancelled";
const isCurrent = (a: AgreementView) => isRunning(a) && !a.cancelAtPeriodEnd;

function stateOf(a: AgreementView): PlanFactsView["state"] {
  if (a.status === "cancelled") return { text: `beendet am ${day(a.cancelledAt)}`, tone: "muted" };
  if (a.cancelAtPeriodEnd) return { text: a.periodEnd ? `gekündigt zum ${day(a.periodEnd)}` : "gekündigt", tone: "warning" };
  if (a.status === "past_due") return { text: "Zahlung offen", tone: "warning" };
  if (a.status === "on_hold") return { text: "pausiert", tone: "warning" };
  return { text: "aktiv", tone: "success" };
}

function dateFact(a: AgreementView): { label: string; value: string } | null {
  if (a.status === "cancelled") return null;
  if (a.cancelAtPeriodEnd)
    return { label: "Endet am", value: a.periodEnd ? `${day(a.periodEnd)}, danach keine weitere Rechnung` : "mit dem laufenden Zeitraum" };
  if (a.provider === "manual")
    return {
      label: "Nächste Rechnung",
      value: a.periodEnd
        ? `${day(a.periodEnd)} über ${gross(a.priceCents)} brutto`
        : `mit dem nächsten Rechnungslauf über ${gross(a.priceCents)} brutto`,
    };
  return a.periodEnd ? { label: "Verlängert sich am", value: `${day(a.periodEnd)}, ${gross(a.priceCents)} brutto per Karte` } : null;
}

function noteOf(a: AgreementView, all: AgreementView[], invoices: InvoiceView[]): string | null {
  if (a.status === "past_due") {
    const open = invoices.filter((i) => i.agreementId === a.id && i.status === "open").at(-1);
    const invoice = open
      ? ` Rechnung ${open.number} über ${formatEuro(open.grossCents)}${open.dueAt ? `, fällig seit ${day(open.dueAt)}` : ""}.`
      : "";
    return a.provider === "stripe"
      ? `Die letzte Abbuchung ist fehlgeschlagen.${invoice} Bitte prüfen Sie Ihre Zahlungsmethode; bis die Zahlung eingeht, ruht Ihr Kontingent.`
      : `Eine Rechnung ist noch nicht bezahlt.${invoice} Bis die Zahlung eingeht, ruht Ihr Kontingent.`;
  }
  if (a.status === "on_hold") return "Ihr Paket ist pausiert; solange gilt sein Kontingent nicht.";
  const successor = a.cancelAtPeriodEnd && isRunning(a) ? all.find((b) => b.id !== a.id && isCurrent(b)) : undefined;
  if (successor) return `Läuft bis zum Ende des bezahlten Zeitraums neben Paket ${successor.planName} weiter und verlängert sich nicht.`;
  if (a.cancelAtPeriodEnd && isRunning(a)) return "Bis dahin bleibt das Paket mit allen Leistungen nutzbar.";
  return null;
}

/** The facts of one agreement; `card` is the account's card, shown on card agreements. */
export function planFacts(a: AgreementView, all: AgreementView[], invoices: InvoiceView[], card: PaymentCardFacts): PlanFactsView {
  const catalog = a.planId ? PLANS[a.planId] : null;
  const grandfathered = catalog && catalog.monthlyNetCents !== a.priceCents ? " (bisherige Konditionen)" : "";
  const facts = [
    { label: "Preis", value: `${formatEuro(a.priceCents)} netto im Monat, ${gross(a.priceCents)} brutto${grandfathered}` },
    {
      label: "Leistungen",
      value: `${a.monthlyReleaseQuota} Veröffentlichungen im Kalendermonat, ${a.apiAccess ? "mit API-Zugang" : "ohne API-Zugang"}`,
    },
    dateFact(a),
    {
      label: "Zahlungsmethode",
      value: a.provider === "manual" ? "Rechnung/Überweisung" : (cardText(card) ?? "Kreditkarte"),
    },
    a.grandfatheredUntil ? { label: "Bisherige Konditionen bis", value: day(a.grandfatheredUntil) } : null,
  ].filter((f): f is { label: string; value: string } => f !== null);
  return {
    agreementId: a.id,
    heading: `Paket ${a.planName}`,
    state: stateOf(a),
    facts,
    note: noteOf(a, all, invoices),
    isCurrent: isCurrent(a),
  };
}

/** Bigger plans the current agreement can move to, with what each adds and how it is billed. */
export function upgradeOffers(a: AgreementView, now: Date): UpgradeOfferView[] {
  if (!isCurrent(a) || a.status !== "active") return [];
  const ends = a.periodEnd && a.periodEnd > now ? `am ${day(a.periodEnd)}` : "mit der Zahlung";
  return upgradePlans(a).map((plan) => ({
    agreementId: a.id,
    planId: plan.id,
    label: `Auf ${plan.name} wechseln`,
    name: plan.name,
    price: `${formatEuro(plan.monthlyNetCents)} netto im Monat`,
    adds: [
      `${plan.monthlyReleaseQuota} statt ${a.monthlyReleaseQuota} Veröffentlichungen im Monat`,
      ...(plan.apiAccess && !a.apiAccess ? ["API-Zugang für Ihr Redaktionssystem"] : []),
    ],
    terms:
      `Sie zahlen ab dem Wechsel ${gross(plan.monthlyNetCents)} brutto im Monat per Karte; ${plan.name} gilt sofort. ` +
      `Ihr Paket ${a.planName} endet ${ends} und verlängert sich nicht; die Restlaufzeit wird nicht erstattet oder verrechnet.`,
  }));
}
