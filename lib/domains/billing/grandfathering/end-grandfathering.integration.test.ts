import { describe, expect, it } from "vitest";
import { berlinStartOfDay } from "@/lib/domains/billing/agreements/billing-period";
import { createManualInvoice } from "@/lib/domains/billing/invoices/create-manual-invoice";
import { db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/core/errors/errors";
import { seedUser } from "@/tests/factories";
import { seedAdmin } from "@/tests/release-fixtures";
import { endGrandfathering } from "./end-grandfathering";
import { expireGrandfathering } from "./expire-grandfathering";

// Spec 3.1, "Manual invoice open -> voided by the end grandfathering action": never deleted,
// the bundle cancelled, the customer's other open MAN invoices voided, optional customer mail.

const NOW = new Date("2026-06-10T09:00:00Z");
const berlin = (d: string) => berlinStartOfDay(d)!;

function seedAgreement(userId: number, data: Partial<Prisma.UserPaymentOptionUncheckedCreateInput> = {}) {
  return db.userPaymentOption.create({
    data: {
      userId,
      provider: "manual",
      plan: "business",
      priceCents: 12900,
      periodStart: berlin("2026-06-01"),
      periodEnd: berlin("2026-07-01"),
      grandfatheredUntil: berlin("2026-12-01"),
      ...data,
    },
  });
}

function seedInvoice(userId: number, paymentOptionId: number | null, month: string) {
  return createManualInvoice({
    userId,
    paymentOptionId,
    periodStart: berlin(`${month}-01`),
    periodEnd: berlin(`${month}-28`),
    lines: [{ description: `Paket Business ${month}`, quantity: 1, unitNetCents: 12900 }],
    now: NOW,
  });
}

const invoice = (id: number) => db.invoice.findUniqueOrThrow({ where: { id } });
const mailsTo = (email: string) => db.mailOutbox.count({ where: { to: email, mailType: "grandfathering_expired" } });
const noProvider = async () => {
  throw new Error("no card subscription expected");
};

async function refusal(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err.code;
}

describe("endGrandfathering", () => {
  it("cancels the bundle, voids every open MAN invoice of the customer, deletes nothing, mails once", async () => {
    const admin = await seedAdmin(["billing:manage"]);
    const customer = await seedUser();
    const stranger = await seedUser();
    const bundle = await seedAgreement(customer.id);
    const otherBundle = await seedAgreement(customer.id, { grandfatheredUntil: null });
    const own1 = await seedInvoice(customer.id, bundle.id, "2026-05");
    const own2 = await seedInvoice(customer.id, bundle.id, "2026-06");
    const ofOther = await seedInvoice(customer.id, otherBundle.id, "2026-06");
    const loose = await seedInvoice(customer.id, null, "2026-04");
    const paid = await seedInvoice(customer.id, bundle.id, "2026-03");
    await db.invoice.update({ where: { id: paid.id }, data: { status: "paid", paidAt: NOW } });
    const strangers = await seedInvoice(stranger.id, null, "2026-06");
    const invoicesBefore = await db.invoice.count();

    const r = await endGrandfathering({
      paymentOptionId: bundle.id,
      actorUserId: admin.id,
      notifyCustomer: true,
      reason: "Kunde wechselt auf Kartenzahlung",
      now: NOW,
      cancelSubscription: noProvider,
    });
    expect(r.voidedInvoices.map((i) => i.id)).toEqual([own1.id, own2.id, ofOther.id, loose.id]);
    expect(r.mailed).toBe(true);
    for (const i of [own1, own2, ofOther, loose])
      expect(await invoice(i.id)).toMatchObject({ status: "void", voidedAt: NOW, voidReason: "Kunde wechselt auf Kartenzahlung" });
    expect((await invoice(paid.id)).status).toBe("paid");
    expect((await invoice(strangers.id)).status).toBe("open");
    expect(await db.invoice.count()).toBe(invoicesBefore);

    expect(await db.userPaymentOption.findUniqueOrThrow({ where: { id: bundle.id } })).toMatchObject({
      status: "cancelled",
      cancelledAt: NOW,
      grandfatheredUntil: NOW,
      grandfatheringExpiredAt: NOW,
      grandfatheringNotifiedAt: NOW,
    });
    expect((await db.userPaymentOption.findUniqueOrThrow({ where: { id: otherBundle.id } })).status).toBe("active");
    expect(await mailsTo(customer.email)).toBe(1);
    expect(
      await db.activityLog.findFirst({ where: { type: "agreement.grandfathering_ended", subjectId: String(bundle.id) } }),
    ).toMatchObject({
      actorUserId: admin.id,
      reason: "Kunde wechselt auf Kartenzahlung",
      result: "cancelled",
      metadata: expect.objectContaining({
        previousGrandfatheredUntil: berlin("2026-12-01").toISOString(),
        voidedInvoices: r.voidedInvoices.map((i) => i.number),
        mailed: true,
      }),
    });

    expect(
      await refusal(
        endGrandfathering({
          paymentOptionId: bundle.id,
          actorUserId: admin.id,
          notifyCustomer: true,
          reason: "nochmal",
          cancelSubscription: noProvider,
        }),
      ),
    ).toBe("conflict");
    expect(await mailsTo(customer.email)).toBe(1);
  });

  it("without the mail option sends nothing; a card agreement's subscription ends after the commit", async () => {
    const admin = await seedAdmin(["billing:manage"]);
    const customer = await seedUser();
    const card = await seedAgreement(customer.id, { provider: "stripe", stripeSubscriptionId: `sub_end_${customer.id}` });
    const ended: { id: string; status: string }[] = [];
    const r = await endGrandfathering({
      paymentOptionId: card.id,
      actorUserId: admin.id,
      notifyCustomer: false,
      reason: "Sonderkündigung",
      now: NOW,
      cancelSubscription: async (id) => {
        ended.push({ id, status: (await db.userPaymentOption.findUniqueOrThrow({ where: { id: card.id } })).status });
      },
    });
    expect(r).toMatchObject({ voidedInvoices: [], mailed: false, subscriptions: { ended: [`sub_end_${customer.id}`], failed: [] } });
    expect(ended).toEqual([{ id: `sub_end_${customer.id}`, status: "cancelled" }]);
    expect(await mailsTo(customer.email)).toBe(0);
    expect((await db.userPaymentOption.findUniqueOrThrow({ where: { id: card.id } })).grandfatheringNotifiedAt).toBeNull();
  });

  it("as the attacker: an admin without billing:manage or the customer changes nothing", async () => {
    const customer = await seedUser();
    const bundle = await seedAgreement(customer.id);
    const open = await seedInvoice(customer.id, bundle.id, "2026-06");
    for (const attacker of [await seedAdmin(["users:manage", "companies:write", "compliance:manage"]), customer]) {
      expect(
        await refusal(
          endGrandfathering({
            paymentOptionId: bundle.id,
            actorUserId: attacker.id,
            notifyCustomer: true,
            reason: "x",
            cancelSubscription: noProvider,
          }),
        ),
      ).toBe("forbidden");
    }
    expect((await db.userPaymentOption.findUniqueOrThrow({ where: { id: bundle.id } })).status).toBe("active");
    expect((await invoice(open.id)).status).toBe("open");
    expect(await mailsTo(customer.email)).toBe(0);
  });

  it("refuses without a reason and for an unknown agreement", async () => {
    const admin = await seedAdmin(["billing:manage"]);
    const customer = await seedUser();
    const bundle = await seedAgreement(customer.id);
    expect(
      await refusal(
        endGrandfathering({
          paymentOptionId: bundle.id,
          actorUserId: admin.id,
          notifyCustomer: false,
          reason: "",
          cancelSubscription: noProvider,
        }),
      ),
    ).toBe("validation_failed");
    expect(
      await refusal(
        endGrandfathering({
          paymentOptionId: 2 ** 40,
          actorUserId: admin.id,
          notifyCustomer: false,
          reason: "x",
          cancelSubscription: noProvider,
        }),
      ),
    ).toBe("not_found");
  });

  it("racing the expire run on the same customer: the agreement ends once and the customer gets one mail", async () => {
    const admin = await seedAdmin(["billing:manage"]);
    const customer = await seedUser();
    // Its next period (1 June) began after the end date: the expire run would end it too.
    const bundle = await seedAgreement(customer.id, {
      periodStart: berlin("2026-05-01"),
      periodEnd: berlin("2026-06-01"),
      grandfatheredUntil: berlin("2026-05-20"),
    });
    const [action, run] = await Promise.allSettled([
      endGrandfathering({
        paymentOptionId: bundle.id,
        actorUserId: admin.id,
        notifyCustomer: true,
        reason: "Ende",
        now: NOW,
        cancelSubscription: noProvider,
      }),
      expireGrandfathering({ now: NOW, cancelSubscription: noProvider }),
    ]);
    expect(run.status).toBe("fulfilled");
    if (action.status === "rejected") expect((action.reason as AppError).code).toBe("conflict");
    expect((await db.userPaymentOption.findUniqueOrThrow({ where: { id: bundle.id } })).status).toBe("cancelled");
    expect(await mailsTo(customer.email)).toBe(1);
  });
});
