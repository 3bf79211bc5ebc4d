import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/core/errors/errors";
import { EXAMPLE_ISSUER, resolveIssuer } from "./issuer";

const none = { name: undefined, addressLines: [], vatId: undefined, taxNumber: undefined, email: undefined, bank: undefined };
const complete = {
  name: "Pressdesk GmbH",
  addressLines: ["Am Markt 3", "20095 Hamburg"],
  vatId: "DE136695976",
  taxNumber: undefined,
  email: "rechnung@pressdesk.de",
  bank: { name: "Hausbank", iban: "DE89 3704 0044 0532 0130 00", bic: "COBADEFFXXX" },
};

describe("resolveIssuer", () => {
  it("refuses in production without name, address and VAT id or tax number, naming the variables (503)", () => {
    let err: unknown;
    try {
      resolveIssuer({ strictIssuer: true, issuer: none });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(503);
    expect((err as AppError).message).toContain(
      "BILLING_ISSUER_NAME, BILLING_ISSUER_ADDRESS, BILLING_ISSUER_VAT_ID or BILLING_ISSUER_TAX_NUMBER, BILLING_BANK_IBAN",
    );
    expect(() => resolveIssuer({ strictIssuer: true, issuer: { ...complete, vatId: undefined } })).toThrow(
      /BILLING_ISSUER_VAT_ID or BILLING_ISSUER_TAX_NUMBER/,
    );
  });

  it("takes a tax number instead of a VAT id, and in production is never an example", () => {
    const issuer = resolveIssuer({ strictIssuer: true, issuer: { ...complete, vatId: undefined, taxNumber: "27/123/45678" } });
    expect(issuer).toMatchObject({ name: "Pressdesk GmbH", vatId: null, taxNumber: "27/123/45678", isExample: false });
    // Manual invoices are paid by transfer: production refuses to issue them without an account.
    expect(() => resolveIssuer({ strictIssuer: true, issuer: { ...complete, bank: undefined } })).toThrow(/BILLING_BANK_IBAN/);
  });

  it("falls back to the marked example issuer outside production", () => {
    const issuer = resolveIssuer({ strictIssuer: false, issuer: none });
    expect(issuer).toMatchObject({ name: EXAMPLE_ISSUER.name, vatId: "DE000000000 (Beispiel)", isExample: true });
    expect(issuer.addressLines).toEqual(["Musterstraße 1", "10115 Berlin", "Deutschland"]);
    expect(resolveIssuer({ strictIssuer: false, issuer: complete })).toMatchObject({
      name: "Pressdesk GmbH",
      isExample: false,
      bank: complete.bank,
    });
  });
});
