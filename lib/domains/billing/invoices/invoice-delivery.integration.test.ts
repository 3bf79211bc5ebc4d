import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { diskStorage, setFileStorageForTests, type StoredFile } from "@/lib/core/storage/file-storage";
import { seedUser, unique } from "@/tests/factories";
import { deliverInvoice } from "./deliver-invoice";
import { decideInvoiceDelivery } from "./invoice-delivery";
import { invoiceMails, issueInvoice, pdfTextOf } from "@/tests/invoice-fixtures";

interface Settings {
  sendPdfToAccountEmail?: boolean;
  invoiceEmail?: string | null;
  sendPdfToInvoiceEmail?: boolean;
}

/** A customer whose delivery settings are `settings` (undefined: no billing_addresses row), with an open MAN invoice. */
async function customer(settings?: Settings) {
  const user = await seedUser();
  if (settings)
    await db.billingAddress.create({
      data: { userId: user.id, name: "Kunde", street: "Weg 1", postalCode: "10115", city: "Berlin", country: "DE", ...settings },
    });
  const invoice = await issueInvoice(user.id);
  return { user, invoice };
}

/** The queued mails as "<to> pdf|no-pdf", in order. */
async function deliveredTo(number: string) {
  return (await invoiceMails(number)).map((m) => `${m.to} ${m.pdfs.length ? "pdf" : "no-pdf"}`);
}

afterEach(() => setFileStorageForTests(null));

describe("InvoiceDelivery (spec 4.6)", () => {
  const accounting = () => `${unique("buchhaltung")}@firma.example`;

  it("without saved settings: one mail with the PDF to the account address", async () => {
    const { user, invoice } = await customer();
    expect(await deliverInvoice({ invoiceId: invoice.id, kind: "invoice" })).toEqual({ mails: 1 });
    expect(await deliveredTo(invoice.number)).toEqual([`${user.email} pdf`]);
    const [mail] = await invoiceMails(invoice.number);
    expect(mail!.mailType).toBe("invoice");
    expect(mail!.pdfs[0]!.filename).toBe(`${invoice.number}.pdf`);
    const text = await pdfTextOf(new Uint8Array(Buffer.from(mail!.pdfs[0]!.contentBase64, "base64")));
    expect(text).toContain(invoice.number);
  });

  it("account PDF off: the account still gets a mail, without PDF, pointing to the account", async () => {
    const { user, invoice } = await customer({ sendPdfToAccountEmail: false });
    await deliverInvoice({ invoiceId: invoice.id, kind: "invoice" });
    expect(await deliveredTo(invoice.number)).toEqual([`${user.email} no-pdf`]);
    const [mail] = await invoiceMails(invoice.number);
    expect(mail!.text).toContain("Kundenbereich");
    expect(mail!.text).toContain("/dashboard");
  });

  it("a separate invoice address gets its own copy, naming the account, without login button", async () => {
    const invoiceEmail = accounting();
    const { user, invoice } = await customer({ invoiceEmail });
    expect(await deliverInvoice({ invoiceId: invoice.id, kind: "invoice" })).toEqual({ mails: 2 });
    expect(await deliveredTo(invoice.number)).toEqual([`${user.email} pdf`, `${invoiceEmail} pdf`]);
    const [forAccount, forAccounting] = await invoiceMails(invoice.number);
    expect(forAccount!.text).toContain("/dashboard");
    expect(forAccounting!.text).toContain(user.email);
    expect(forAccounting!.text).not.toContain("/dashboard");
    expect(forAccounting!.html).not.toContain("/dashboard");
  });

  it.each([
    [{ sendPdfToAccountEmail: true, sendPdfToInvoiceEmail: false }, ["pdf", "no-pdf"]],
    [{ sendPdfToAccountEmail: false, sendPdfToInvoiceEmail: true }, ["no-pdf", "pdf"]],
    [{ sendPdfToAccountEmail: false, sendPdfToInvoiceEmail: false }, ["no-pdf", "no-pdf"]],
  ])("each address follows its own PDF setting %o", async (flags, expected) => {
    const invoiceEmail = accounting();
    const { user, invoice } = await customer({ invoiceEmail, ...flags });
    await deliverInvoice({ invoiceId: invoice.id, kind: "invoice" });
    expect(await deliveredTo(invoice.number)).toEqual([`${user.email} ${expected[0]}`, `${invoiceEmail} ${expected[1]}`]);
  });

  it("an invoice address equal to the account address (in any case) means one mail, with the PDF", async () => {
    const user = await seedUser();
    await db.billingAddress.create({
      data: {
        userId: user.id,
        name: "Kunde",
        street: "Weg 1",
        postalCode: "10115",
        city: "Berlin",
        country: "DE",
        invoiceEmail: user.email.toUpperCase(),
        sendPdfToAccountEmail: false,
        sendPdfToInvoiceEmail: false,
      },
    });
    const invoice = await issueInvoice(user.id);
    expect(await deliverInvoice({ invoiceId: invoice.id, kind: "invoice_reminder" })).toEqual({ mails: 1 });
    expect(await deliveredTo(invoice.number)).toEqual([`${user.email} pdf`]);
    expect((await invoiceMails(invoice.number))[0]!.mailType).toBe("invoice_reminder");
  });

  it("attaches a provider invoice's stored PDF; without one the mail goes without attachment", async () => {
    const files = new Map<string, StoredFile>();
    setFileStorageForTests({
      put: async (key, bytes, contentType) => void files.set(key, { bytes, contentType }),
      get: async (key) => files.get(key) ?? null,
      delete: async (key) => void files.delete(key),
      list: diskStorage.list,
    });
    const user = await seedUser();
    const providerPdf = Buffer.from("%PDF-1.4 provider invoice");
    files.set("invoices/str-2026-90001.pdf", { bytes: providerPdf, contentType: "application/pdf" });
    const base = { kind: "stripe" as const, userId: user.id, status: "paid" as const, amountCents: 12_900, taxCents: 2_451 };
    const stored = await db.invoice.create({
      data: { ...base, number: unique("STR-2026"), stripeInvoiceId: unique("in"), pdfPath: "invoices/str-2026-90001.pdf" },
    });
    const missing = await db.invoice.create({ data: { ...base, number: unique("STR-2026"), stripeInvoiceId: unique("in") } });
    await deliverInvoice({ invoiceId: stored.id, kind: "invoice" });
    await deliverInvoice({ invoiceId: missing.id, kind: "invoice" });
    const [withFile] = await invoiceMails(stored.number);
    expect(Buffer.from(withFile!.pdfs[0]!.contentBase64, "base64").equals(providerPdf)).toBe(true);
    expect(await deliveredTo(missing.number)).toEqual([`${user.email} no-pdf`]);
  });

  it("never delivers a voided invoice, and records which copies went out", async () => {
    const { invoice } = await customer({ invoiceEmail: accounting(), sendPdfToInvoiceEmail: false });
    await deliverInvoice({ invoiceId: invoice.id, kind: "invoice" });
    const entry = await db.activityLog.findFirstOrThrow({ where: { type: "invoice.delivered", subjectId: String(invoice.id) } });
    expect(entry.metadata).toEqual({
      number: invoice.number,
      kind: "invoice",
      mails: [
        { recipient: "account", withPdf: true },
        { recipient: "invoice_email", withPdf: false },
      ],
    });
    await db.invoice.update({ where: { id: invoice.id }, data: { status: "void", voidedAt: new Date(), voidReason: "Test" } });
    const err = await deliverInvoice({ invoiceId: invoice.id, kind: "invoice_reminder" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(409);
    expect(await invoiceMails(invoice.number)).toHaveLength(2);
  });

  it("decides purely from the settings", () => {
    expect(decideInvoiceDelivery("a@x.example", null)).toEqual([{ to: null, withPdf: true }]);
    expect(decideInvoiceDelivery("a@x.example", { sendPdfToAccountEmail: false, invoiceEmail: "  ", sendPdfToInvoiceEmail: true })).toEqual(
      [{ to: null, withPdf: false }],
    );
    expect(
      decideInvoiceDelivery("a@x.example", { sendPdfToAccountEmail: false, invoiceEmail: " A@X.example ", sendPdfToInvoiceEmail: false }),
    ).toEqual([{ to: null, withPdf: true }]);
  });
});
