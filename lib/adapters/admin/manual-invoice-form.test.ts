import { describe, expect, it } from "vitest";
import { parseEuroCents, parseManualInvoiceForm, parseQuantity } from "./manual-invoice-form";

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

const BASE = { customerEmail: "kundin@example.test", periodStart: "2026-03-01", periodEnd: "2026-03-31" };

describe("manual invoice form", () => {
  it("reads euro with comma or dot into cents, never guessing", () => {
    expect(parseEuroCents("49")).toBe(4900);
    expect(parseEuroCents("49,9")).toBe(4990);
    expect(parseEuroCents("49.90")).toBe(4990);
    expect(parseEuroCents(" 1.234,56 € ")).toBe(123456);
    expect(parseEuroCents("1 234,56")).toBe(123456);
    expect(parseEuroCents("0,01")).toBe(1);
    for (const bad of ["", "1.234", "1,234", "-5", "4,999", "1e3", "abc", "12,", ",5", "1.234.567.890,00"])
      expect(parseEuroCents(bad)).toBeNull();
  });

  it("reads quantities with up to three decimals", () => {
    expect(parseQuantity("1,5")).toBe(1.5);
    expect(parseQuantity("0.25")).toBe(0.25);
    expect(parseQuantity("1,2345")).toBeNull();
    expect(parseQuantity("-1")).toBeNull();
  });

  it("turns Berlin days into the service period, the end exclusive at the next midnight", () => {
    const r = parseManualInvoiceForm(
      form({ ...BASE, "lines.0.description": "Paket März", "lines.0.quantity": "1", "lines.0.unitPrice": "49,00", sendNow: "1" }),
    );
    expect(r).toEqual({
      ok: true,
      input: {
        customerEmail: "kundin@example.test",
        periodStart: new Date("2026-02-28T23:00:00Z"),
        // 1 April 00:00 in Berlin, summer time already.
        periodEnd: new Date("2026-03-31T22:00:00Z"),
        lines: [{ description: "Paket März", quantity: 1, unitNetCents: 4900 }],
        sendNow: true,
      },
    });
  });

  it("skips empty rows and names every problem by the form's own row", () => {
    const r = parseManualInvoiceForm(
      form({
        customerEmail: " ",
        periodStart: "2026-02-30",
        periodEnd: "2026-01-31",
        "lines.0.quantity": "1",
        "lines.1.description": "Beratung",
        "lines.1.quantity": "1,2345",
        "lines.1.unitPrice": "12.345",
        "lines.3.description": "x".repeat(301),
        "lines.3.quantity": "2",
        "lines.3.unitPrice": "10",
        "lines.4.description": "",
        "lines.4.quantity": "1",
        "lines.4.unitPrice": "5",
      }),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.issues).sort()).toEqual(
      ["customerEmail", "lines.1.quantity", "lines.1.unitPrice", "lines.3.description", "lines.4.description", "periodStart"].sort(),
    );
    expect(r.issues["lines.4.description"]).toBe("Bitte beschreiben Sie die Leistung.");
  });

  it("wants at least one line and an end not before the start; no form at all is only empty fields", () => {
    const r = parseManualInvoiceForm(form({ ...BASE, periodEnd: "2026-02-27" }));
    expect(r).toMatchObject({
      ok: false,
      issues: {
        "lines.0.description": "Die Rechnung braucht mindestens eine Position.",
        periodEnd: "Der letzte Tag liegt vor dem ersten.",
      },
    });
    expect(parseManualInvoiceForm("not a form")).toMatchObject({
      ok: false,
      issues: { customerEmail: expect.any(String), periodStart: expect.any(String), periodEnd: expect.any(String) },
    });
  });
});
