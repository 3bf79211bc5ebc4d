import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedUser, unique } from "@/tests/factories";
import { loadOwnerBilling, OWNER_INVOICES_SHOWN } from "./owner-billing";

describe("a newsroom's plan on its admin page", () => {
  it("shows each owner's running plans, this month's quota of its limit and the latest invoices, newest first", async () => {
    const owner = await seedUser({ email: `${unique("owner-billing")}@example.test`, name: "Erika Muster" });
    const none = await seedUser({ email: `${unique("owner-billing")}@example.test`, name: "Max Muster" });
    await db.userPaymentOption.create({
      data: { userId: owner.id, provider: "manual", plan: "starter", priceCents: 4900, monthlyReleaseQuota: 10 },
    });
    await db.userPaymentOption.create({
      data: { userId: owner.id, provider: "stripe", plan: "business", priceCents: 9900, status: "cancelled", cancelledAt: new Date() },
    });
    const numbers: string[] = [];
    for (let n = 0; n < OWNER_INVOICES_SHOWN + 2; n++) {
      const number = `MAN-2026-${unique("").replace(/\D/g, "").slice(-7).padStart(7, "0")}${n}`;
      numbers.push(number);
      await db.invoice.create({
        data: { number, kind: "manual", userId: owner.id, amountCents: 4900, taxCents: 931, issuedAt: new Date(Date.UTC(2026, 0, 1 + n)) },
      });
    }

    const owners = [owner, none].map((u) => ({ id: u.id, name: u.name, email: u.email }));
    const [withPlan, without] = await loadOwnerBilling(owners, { withInvoices: true });
    // The cancelled plan is not running; the starter plan's quota is the limit.
    expect(withPlan!.plans.map((p) => [p.name, p.status, p.provider])).toEqual([["Starter", "active", "manual"]]);
    expect(withPlan!.quota).toEqual({ limit: 10, used: 0, remaining: 10 });
    expect(withPlan!.invoices.map((i) => i.number)).toEqual(numbers.slice(-OWNER_INVOICES_SHOWN).reverse());
    expect(withPlan!.invoices[0]!.grossCents).toBe(5831);
    expect(withPlan!.invoiceTotal).toBe(OWNER_INVOICES_SHOWN + 2);

    expect(without).toMatchObject({ plans: [], invoices: [], invoiceTotal: 0 });
    expect(without!.quota.limit).toBe(0);

    // Staff without the payments permission: no invoice is read.
    const [unbilled] = await loadOwnerBilling(owners, { withInvoices: false });
    expect(unbilled).toMatchObject({ invoices: [], invoiceTotal: 0, plans: [{ name: "Starter" }] });
  });
});
