import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { InsufficientCreditsError } from "@/lib/core/errors/errors";
import { seedCompany, seedUser, unique } from "@/tests/factories";
import { creditCompany, debitCompany } from "./credit-ledger";

const credit = (opts: Parameters<typeof creditCompany>[1]) => db.$transaction((tx) => creditCompany(tx, opts));
const debit = (opts: Parameters<typeof debitCompany>[1]) => db.$transaction((tx) => debitCompany(tx, opts));

async function ledgerOf(companyId: number) {
  const [company, rows] = await Promise.all([
    db.company.findUniqueOrThrow({ where: { id: companyId }, select: { credits: true } }),
    db.creditTransaction.findMany({ where: { companyId }, orderBy: { id: "asc" } }),
  ]);
  return { balance: company.credits, rows, sum: rows.reduce((s, r) => s + r.delta, 0) };
}

const activities = (type: string, companyId: number) =>
  db.activityLog.count({ where: { type, subjectType: "company", subjectId: String(companyId) } });

describe("the credit ledger", () => {
  it("credits one reference once, however many deliveries arrive at the same time", async () => {
    const actor = await seedUser();
    const company = await seedCompany();
    const reference = unique("checkout");
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        credit({ companyId: company.id, credits: 25, reference, reason: "top_up:credits-25", actorUserId: actor.id }),
      ),
    );
    expect(results.every((r) => r.status === "fulfilled")).toBe(true);
    const values = results.map((r) => (r as PromiseFulfilledResult<{ credited: boolean; balance: number }>).value);
    expect(values.filter((v) => v.credited)).toEqual([{ credited: true, balance: 25 }]);
    expect(values.filter((v) => !v.credited)).toHaveLength(9);
    for (const v of values) expect(v.balance).toBe(25);
    const ledger = await ledgerOf(company.id);
    expect(ledger).toMatchObject({ balance: 25, sum: 25 });
    expect(ledger.rows).toHaveLength(1);
    expect(ledger.rows[0]).toMatchObject({ delta: 25, reference, reason: "top_up:credits-25", actorUserId: actor.id });
    expect(await activities("credits.top_up", company.id)).toBe(1);

    // A later repeat changes nothing either.
    expect(await credit({ companyId: company.id, credits: 25, reference, reason: "again" })).toEqual({ credited: false, balance: 25 });
    expect((await ledgerOf(company.id)).balance).toBe(25);
  });

  it("never lets parallel debits take the balance below zero", async () => {
    const company = await seedCompany({ credits: 50 });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => debit({ companyId: company.id, credits: 8, reference: unique(`spend-${i}`), reason: "boost" })),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(6);
    expect(lost).toHaveLength(4);
    for (const l of lost) expect(l.reason).toBeInstanceOf(InsufficientCreditsError);
    for (const l of lost) expect(l.reason).toMatchObject({ code: "insufficient_credits", status: 409, details: { needed: 8, balance: 2 } });
    const ledger = await ledgerOf(company.id);
    expect(ledger.balance).toBe(2);
    expect(ledger.rows).toHaveLength(6);
    expect(50 + ledger.sum).toBe(ledger.balance);
    expect(await activities("credits.spent", company.id)).toBe(6);
  });

  it("refuses a short debit without writing anything, and books a repeated debit once", async () => {
    const company = await seedCompany({ credits: 10 });
    await expect(debit({ companyId: company.id, credits: 12, reference: unique("boost"), reason: "boost" })).rejects.toBeInstanceOf(
      InsufficientCreditsError,
    );
    expect(await ledgerOf(company.id)).toMatchObject({ balance: 10, rows: [] });
    expect(await activities("credits.spent", company.id)).toBe(0);

    const reference = unique("boost");
    expect(await debit({ companyId: company.id, credits: 6, reference, reason: "boost" })).toEqual({ debited: true, balance: 4 });
    // The repeat is answered before the balance check: 4 < 6 but nothing is owed again.
    expect(await debit({ companyId: company.id, credits: 6, reference, reason: "boost" })).toEqual({ debited: false, balance: 4 });
    expect(await ledgerOf(company.id)).toMatchObject({ balance: 4, sum: -6 });
  });

  it("refuses amounts that are not positive whole numbers and unknown newsrooms", async () => {
    const company = await seedCompany({ credits: 10 });
    for (const credits of [0, -5, 1.5, Number.NaN]) {
      await expect(credit({ companyId: company.id, credits, reference: unique("x"), reason: "grant" })).rejects.toMatchObject({
        code: "validation_failed",
      });
      await expect(debit({ companyId: company.id, credits, reference: unique("x"), reason: "boost" })).rejects.toMatchObject({
        code: "validation_failed",
      });
    }
    await expect(credit({ companyId: 2_000_000_000, credits: 5, reference: unique("x"), reason: "grant" })).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await ledgerOf(company.id)).toMatchObject({ balance: 10, rows: [] });
  });

  it("moves the balance with the caller's transaction: a rollback takes the ledger row with it", async () => {
    const company = await seedCompany();
    const reference = unique("checkout");
    await expect(
      db.$transaction(async (tx) => {
        await creditCompany(tx, { companyId: company.id, credits: 10, reference, reason: "top_up" });
        throw new Error("the webhook failed after crediting");
      }),
    ).rejects.toThrow("the webhook failed");
    expect(await ledgerOf(company.id)).toMatchObject({ balance: 0, rows: [] });
    // The redelivery books it.
    expect(await credit({ companyId: company.id, credits: 10, reference, reason: "top_up" })).toEqual({ credited: true, balance: 10 });
  });
});
