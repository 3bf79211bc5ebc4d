import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedUser } from "@/tests/factories";
import { renderInvoicePdf } from "./invoice-pdf";
import { invoiceIssuer } from "./issuer";
import { issueInvoice, pdfTextOf } from "@/tests/invoice-fixtures";
import { voidInvoice } from "./void-invoice";

async function customerWithAddress() {
  const customer = await seedUser({ name: "Jürgen Weiß" });
  await db.billingAddress.create({
    data: {
      userId: customer.id,
      name: "Jürgen Weiß",
      company: "Müller & Söhne Maschinenbau GmbH",
      street: "Hauptstraße 12",
      postalCode: "80331",
      city: "München",
      country: "DE",
      vatId: "DE136695976",
    },
  });
  return customer;
}

describe("renderInvoicePdf", () => {
  it("holds what §14 UStG asks: parties with addresses, VAT ids, number, dates, service period, lines, net, VAT, gross, bank", async () => {
    const customer = await customerWithAddress();
    const lines = [
      { description: "Paket Business – November 2026", quantity: 1, unitNetCents: 123_456 },
      { description: "Zusätzliche Veröffentlichung „Sonderausgabe“", quantity: 2, unitNetCents: 1_950 },
    ];
    const { id, number } = await issueInvoice(customer.id, { lines });
    const bytes = await renderInvoicePdf(id);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const text = await pdfTextOf(bytes);
    const issuer = invoiceIssuer();
    for (const expected of [
      number,
      issuer.name,
      issuer.vatId!,
      ...issuer.addressLines,
      "Müller & Söhne Maschinenbau GmbH",
      "Hauptstraße 12",
      "80331 München",
      "USt-IdNr.: DE136695976",
      "Rechnungsdatum",
      "01.12.2026",
      "Leistungszeitraum",
      "01.11.2026 – 30.11.2026",
      "Fällig am",
      "15.12.2026",
      "Zusätzliche Veröffentlichung „Sonderausgabe“",
      "1.234,56 €",
      "39,00 €",
      "Summe netto",
      "1.273,56 €",
      "zzgl. 19 % USt.",
      "241,98 €",
      "Gesamtbetrag",
      "1.515,54 €",
      `IBAN`,
      issuer.bank!.iban,
      `Verwendungszweck`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain("STORNIERT");
  });

  it("marks the embedded default's example issuer as no valid invoice", async () => {
    const customer = await customerWithAddress();
    const { id } = await issueInvoice(customer.id);
    const text = await pdfTextOf(await renderInvoicePdf(id));
    expect(invoiceIssuer().isExample).toBe(true);
    expect(text).toContain("Pressdesk Beispielinstallation");
    expect(text).toContain("DE000000000 (Beispiel)");
    expect(text).toContain("Keine gültige Rechnung");
  });

  it("renders a voided invoice with the STORNIERT marking, its date and reason, and no payment request", async () => {
    const customer = await customerWithAddress();
    const { id } = await issueInvoice(customer.id);
    await voidInvoice({ invoiceId: id, reason: "Doppelt ausgestellt", now: new Date("2026-12-03T10:00:00Z") });
    const text = await pdfTextOf(await renderInvoicePdf(id));
    expect(text).toContain("STORNIERT am 03.12.2026 – Grund: Doppelt ausgestellt");
    expect(text).toContain("storniert und nicht zu bezahlen");
    expect(text).not.toContain("Bitte überweisen Sie");
  });

  it("says a paid invoice is paid, and leaves the due date out", async () => {
    const customer = await customerWithAddress();
    const { id } = await issueInvoice(customer.id);
    await db.invoice.update({ where: { id }, data: { status: "paid", paidAt: new Date("2026-12-05T08:00:00Z") } });
    const text = await pdfTextOf(await renderInvoicePdf(id));
    expect(text).toContain("Zahlungseingang am 05.12.2026");
    expect(text).not.toContain("Fällig am");
  });

  it("continues long invoices on further pages, numbered, and prints letters outside WinAnsi readably", async () => {
    const customer = await seedUser({ name: "Łukasz Dąbrowski" });
    const lines = Array.from({ length: 45 }, (_, i) => ({
      description: `Veröffentlichung Nr. ${i + 1} – Meldung aus Łódź 🚀`,
      quantity: 1,
      unitNetCents: 1_000,
    }));
    const { id } = await issueInvoice(customer.id, { lines });
    const text = await pdfTextOf(await renderInvoicePdf(id));
    const pages = Number(/Seite 1 von (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(text).toContain(`Seite ${pages} von ${pages}`);
    expect(text).toContain("Fortsetzung");
    expect(text).toContain("Lukasz Dabrowski");
    expect(text).toContain("Meldung aus Lódz ?");
    expect(text).toContain("Veröffentlichung Nr. 45");
    expect(text).toContain("450,00 €");
    expect(text).toContain("535,50 €");
  });
});
