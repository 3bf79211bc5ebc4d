import { describe, expect, it } from "vitest";
import type { AgreementView, BillingOverview, InvoiceView } from "@/lib/domains/billing/billing-overview";
import type { PaymentCardFacts } from "@/lib/domains/billing/checkout/payment-card";
import { billingPageView } from "./billing-page";
import { cardText, planFacts, upgradeOffers } from "./billing-plan-facts";

// The billing page's texts for each state an agreement can be in: what a customer reads must
// match the state (no "at the first booking" on a running plan, the real payment method).

/** Intl writes "129,00 €" with a no-break space; the expectations use a plain one. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value).replace(/\u00a0/g, " ")) as T;

const NOW = new Date("2026-12-10T10:00:00Z");
const VISA: PaymentCardFacts = { kind: "card", card: { brand: "visa", last4: "4242", expMonth: 3, expYear: 2029 } };

function agreement(over: Partial<AgreementView> = {}): AgreementView {
  return {
    id: 1,
    planName: "Business",
    planId: "business",
    provider: "stripe",
    status: "active",
    monthlyReleaseQuota: 10,
    apiAccess: true,
    priceCents: 12900,
    periodEnd: new Date("2027-01-05T09:00:00Z"),
    cancelAtPeriodEnd: false,
    cancellationRequestedAt: null,
    grandfatheredUntil: null,
    cancelledAt: null,
    createdAt: new Date("2026-12-05T09:00:00Z"),
    ...over,
  };
}

function overview(agreements: AgreementView[], over: Partial<BillingOverview> = {}): BillingOverview {
  return { agreements, quota: { limit: 10, used: 4, remaining: 6 }, newsrooms: [], invoices: [], hasProviderCustomer: true, ...over };
}

const facts = (a: AgreementView, card: PaymentCardFacts = VISA, invoices: InvoiceView[] = []): Record<string, string> =>
  plain(Object.fromEntries(planFacts(a, [a], invoices, card).facts.map((f) => [f.label, f.value])));

describe("plan facts", () => {
  it("an active card plan: price from the booking, renewal date with the gross amount, the card as it is", () => {
    const view = planFacts(agreement(), [agreement()], [], VISA);
    expect(view).toMatchObject({ heading: "Paket Business", state: { text: "aktiv", tone: "success" }, note: null, isCurrent: true });
    expect(facts(agreement())).toEqual({
      Preis: "129,00 € netto im Monat, 153,51 € brutto",
      Leistungen: "10 Veröffentlichungen im Kalendermonat, mit API-Zugang",
      "Verlängert sich am": "05.01.2027, 153,51 € brutto per Karte",
      Zahlungsmethode: "Visa •••• 4242, gültig bis 03/2029",
    });
  });

  it("a plan paid by invoice says Rechnung/Überweisung and when the next invoice comes", () => {
    const manual = agreement({
      provider: "manual",
      planId: null,
      planName: "Altvertrag Premium",
      priceCents: 9900,
      monthlyReleaseQuota: 5,
    });
    expect(facts(manual, { kind: "none" })).toMatchObject({
      Zahlungsmethode: "Rechnung/Überweisung",
      "Nächste Rechnung": "05.01.2027 über 117,81 € brutto",
    });
    expect(facts(agreement({ provider: "manual", periodEnd: null }), { kind: "none" })["Nächste Rechnung"]).toBe(
      "mit dem nächsten Rechnungslauf über 153,51 € brutto",
    );
  });

  it("a booking below the price list is marked as earlier terms", () => {
    expect(facts(agreement({ priceCents: 9900, grandfatheredUntil: new Date("2027-06-30T10:00:00Z") }))).toMatchObject({
      Preis: "99,00 € netto im Monat, 117,81 € brutto (bisherige Konditionen)",
      "Bisherige Konditionen bis": "30.06.2027",
    });
  });

  it("under notice, open payment, paused and ended each say so in plain German", () => {
    const noticed = agreement({ cancelAtPeriodEnd: true });
    expect(planFacts(noticed, [noticed], [], VISA)).toMatchObject({
      state: { text: "gekündigt zum 05.01.2027", tone: "warning" },
      note: "Bis dahin bleibt das Paket mit allen Leistungen nutzbar.",
      isCurrent: false,
    });
    expect(facts(noticed)["Endet am"]).toBe("05.01.2027, danach keine weitere Rechnung");

    const open: InvoiceView = {
      id: 9,
      number: "MAN-2026-00012",
      kind: "manual",
      status: "open",
      issuedAt: new Date("2026-12-01T10:00:00Z"),
      grossCents: 15351,
      dueAt: new Date("2026-12-08T10:00:00Z"),
      hasPdf: true,
      agreementId: 1,
    };
    const unpaid = agreement({ provider: "manual", status: "past_due" });
    const unpaidView = plain(planFacts(unpaid, [unpaid], [open], { kind: "none" }));
    expect(unpaidView.state).toEqual({ text: "Zahlung offen", tone: "warning" });
    expect(unpaidView.note).toBe(
      "Eine Rechnung ist noch nicht bezahlt. Rechnung MAN-2026-00012 über 153,51 €, fällig seit 08.12.2026. Bis die Zahlung eingeht, ruht Ihr Kontingent.",
    );
    expect(planFacts(agreement({ status: "past_due" }), [], [], VISA).note).toContain("Bitte prüfen Sie Ihre Zahlungsmethode");
    expect(planFacts(agreement({ status: "on_hold" }), [], [], VISA).state.text).toBe("pausiert");
    const ended = agreement({ status: "cancelled", cancelledAt: new Date("2026-11-30T10:00:00Z") });
    expect(planFacts(ended, [ended], [], VISA).state).toEqual({ text: "beendet am 30.11.2026", tone: "muted" });
    expect(facts(ended)["Endet am"]).toBeUndefined();
  });

  it("names a card the provider could not describe without inventing one", () => {
    expect(cardText({ kind: "card_unknown" })).toBe("Kreditkarte (Angaben gerade nicht abrufbar)");
    expect(cardText({ kind: "card", card: { brand: "link", last4: "0005", expMonth: null, expYear: null } })).toBe("Karte •••• 0005");
    expect(cardText({ kind: "none" })).toBeNull();
  });
});

describe("upgrade offers", () => {
  it("offers each bigger plan with what it adds and how the change is billed", () => {
    const starter = agreement({ planId: "starter", planName: "Starter", monthlyReleaseQuota: 3, apiAccess: false, priceCents: 4900 });
    const offers = plain(upgradeOffers(starter, NOW));
    expect(offers.map((o) => [o.label, o.price])).toEqual([
      ["Auf Business wechseln", "129,00 € netto im Monat"],
      ["Auf Agentur wechseln", "349,00 € netto im Monat"],
    ]);
    expect(offers[0]!.adds).toEqual(["10 statt 3 Veröffentlichungen im Monat", "API-Zugang für Ihr Redaktionssystem"]);
    expect(offers[0]!.terms).toBe(
      "Sie zahlen ab dem Wechsel 153,51 € brutto im Monat per Karte; Business gilt sofort. Ihr Paket Starter endet am 05.01.2027 und verlängert sich nicht; die Restlaufzeit wird nicht erstattet oder verrechnet.",
    );
    expect(upgradeOffers(agreement({ monthlyReleaseQuota: 40, planId: "agency" }), NOW)).toEqual([]);
    expect(upgradeOffers(agreement({ status: "past_due" }), NOW)).toEqual([]);
    expect(upgradeOffers(agreement({ cancelAtPeriodEnd: true }), NOW)).toEqual([]);
  });
});

describe("billingPageView", () => {
  const extras = { card: VISA, address: null, account: { name: "Petra Presse", email: "petra@example.test" } };

  it("without a plan: the price list to book, and the payment method comes with the first booking", () => {
    const view = billingPageView(
      overview([], { hasProviderCustomer: false, quota: { limit: 0, used: 0, remaining: 0 } }),
      { ...extras, card: { kind: "none" } },
      NOW,
    );
    expect(view).toMatchObject({
      plans: [],
      canBook: true,
      upgrades: [],
      planChangeHint: null,
      contractEnd: null,
      canManagePayment: false,
      paymentNote: "Ihre Zahlungsmethode geben Sie bei der ersten Buchung an.",
      billingAddress: "Noch keine hinterlegt. Rechnungen gehen an Petra Presse und petra@example.test.",
    });
  });

  it("an ended plan with a card on file names the card, not the first booking", () => {
    const ended = agreement({ status: "cancelled", cancelledAt: new Date("2026-11-30T10:00:00Z") });
    expect(billingPageView(overview([ended]), extras, NOW)).toMatchObject({
      canBook: true,
      paymentNote: "Hinterlegt: Visa •••• 4242, gültig bis 03/2029",
    });
  });

  it("an active plan: facts, upgrade, no first-booking text, and what ending it does", () => {
    const view = plain(
      billingPageView(
        overview([agreement()]),
        {
          ...extras,
          address: {
            name: "Buchhaltung",
            company: "Hafenlicht GmbH",
            street: "Am Kai 7",
            postalCode: "20457",
            city: "Hamburg",
            country: "DE",
            vatId: null,
            sendPdfToAccountEmail: true,
            invoiceEmail: null,
            sendPdfToInvoiceEmail: true,
          },
        },
        NOW,
      ),
    );
    expect(JSON.stringify(view)).not.toContain("ersten Buchung");
    expect(view).toMatchObject({
      canBook: false,
      paymentNote: null,
      canManagePayment: true,
      quota: { used: 4, limit: 10, percent: 40 },
      billingAddress: "Hafenlicht GmbH, Buchhaltung, Am Kai 7, 20457 Hamburg",
      planChangeHint: "Für ein kleineres Paket kündigen Sie Ihr jetziges zum Ende des Zeitraums; danach können Sie das kleinere buchen.",
    });
    expect(view.upgrades.map((u) => u.label)).toEqual(["Auf Agentur wechseln"]);
    expect(view.contractEnd).toEqual({
      cancellation:
        "Kündigen Sie Paket Business, endet es am 05.01.2027. Bis dahin bleibt es nutzbar; Sie bestätigen die Kündigung auf der nächsten Seite und erhalten eine Eingangsbestätigung per E-Mail.",
      withdrawal:
        "Paket Business können Sie bis 19.12.2026 widerrufen. Ein Widerruf beendet den Vertrag sofort; bereits gezahlte Beträge erstatten wir.",
    });
  });
});
