import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedUser } from "@/tests/factories";
import { createManualInvoice } from "./create-manual-invoice";
import { formatInvoiceNumber, nextInvoiceNumber } from "./invoice-numbers";
import { issueInvoice, NOVEMBER, PACKAGE_LINE } from "@/tests/invoice-fixtures";

// Each test draws from its own year, so the counters of one test never meet another's.

describe("invoice numbers", () => {
  it("formats prefix, Berlin year and at least five digits", () => {
    expect(formatInvoiceNumber("MAN", 2026, 1)).toBe("MAN-2026-00001");
    expect(formatInvoiceNumber("STR", 2026, 99_999)).toBe("STR-2026-99999");
    expect(formatInvoiceNumber("MAN", 2026, 123_456)).toBe("MAN-2026-123456");
  });

  it("gives 50 invoices issued at once the numbers 1..50: no gap, no duplicate", async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => seedUser()));
    const now = new Date("2031-03-01T10:00:00Z");
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => issueInvoice(users[i % 5]!.id, { now })));
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const numbers = results.map((r) => (r as PromiseFulfilledResult<{ number: string }>).value.number).sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => formatInvoiceNumber("MAN", 2031, i + 1)));
    expect(await db.invoice.count({ where: { number: { startsWith: "MAN-2031-" } } })).toBe(50);
  });

  it("returns the number of an invoice whose transaction rolls back: the next one reuses it", async () => {
    const user = await seedUser();
    const now = new Date("2032-05-01T10:00:00Z");
    const first = await issueInvoice(user.id, { now });
    await expect(
      db.$transaction(async (tx) => {
        const lost = await createManualInvoice({ userId: user.id, lines: [PACKAGE_LINE], ...NOVEMBER, now }, tx);
        expect(lost.number).toBe("MAN-2032-00002");
        throw new Error("the caller's next step failed");
      }),
    ).rejects.toThrow("the caller's next step failed");
    const next = await issueInvoice(user.id, { now });
    expect([first.number, next.number]).toEqual(["MAN-2032-00001", "MAN-2032-00002"]);
  });

  it("counts per prefix and per Berlin year: 31 Dec 23:30 UTC is already the new year in Berlin", async () => {
    const numbers = await db.$transaction(async (tx) => [
      await nextInvoiceNumber(tx, "MAN", new Date("2033-12-31T22:30:00Z")),
      await nextInvoiceNumber(tx, "MAN", new Date("2033-12-31T23:30:00Z")),
      await nextInvoiceNumber(tx, "STR", new Date("2033-12-31T22:30:00Z")),
      await nextInvoiceNumber(tx, "MAN", new Date("2033-06-01T12:00:00Z")),
    ]);
    expect(numbers).toEqual(["MAN-2033-00001", "MAN-2034-00001", "STR-2033-00001", "MAN-2033-00002"]);
  });
});
