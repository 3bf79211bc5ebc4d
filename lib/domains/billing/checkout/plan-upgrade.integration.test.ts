import { describe, expect, it } from "vitest";
import { loadBillingPage } from "@/lib/adapters/dashboard/billing-page";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { startCheckout } from "@/lib/domains/billing/checkout/start-checkout";
import { giveNotice } from "@/lib/domains/billing/contracts/give-notice";
import { payLocalCheckout } from "@/lib/domains/billing/provider/local-provider";
import { quotaStatus } from "@/lib/domains/releases/quota";
import { subscriptionSchema } from "@/lib/domains/billing/webhook/stripe-objects";
import { syncSubscription } from "@/lib/domains/billing/webhook/sync-subscription";
import { db } from "@/lib/core/db/client";
import { seedCompany, seedUser } from "@/tests/factories";

// Moving to a bigger plan on the embedded default: the upgrade is a booking through the first
// booking's checkout (the local one, sending Stripe-signed events to the webhook); once paid,
// the new plan runs at once and the replaced one ends with its paid period, told to the provider.

async function customer() {
  const user = await seedUser({ emailVerifiedAt: new Date() });
  const company = await seedCompany();
  await db.companyUser.create({ data: { companyId: company.id, userId: user.id, role: "owner", grantedVia: "manual" } });
  return { user, company };
}

const subscriptionUpdates = () => db.stripeEvent.count({ where: { type: "customer.subscription.updated" } });
const sessionIdOf = (url: string) => /\/checkout\/local\/(cs_local_[0-9a-f]+)$/.exec(url)![1]!;

async function book(userId: number, planId: string, replacesAgreementId?: number) {
  const { url } = await startCheckout({ purpose: "booking", userId, planId, replacesAgreementId });
  await payLocalCheckout(sessionIdOf(url), userId);
  return db.userPaymentOption.findFirstOrThrow({ where: { userId, plan: planId }, orderBy: { id: "desc" } });
}

describe("upgrading to a bigger plan", () => {
  it("gives the old plan notice only once the new one is paid: a first payment still open changes nothing", async () => {
    const { user } = await customer();
    const starter = await book(user.id, "starter");
    const sub = (status: string) =>
      subscriptionSchema.parse({
        id: `sub_open_${user.id}`,
        customer: `cus_open_${user.id}`,
        status,
        metadata: { purpose: "booking", userId: String(user.id), planId: "business", replacesAgreementId: String(starter.id) },
        items: { data: [{ current_period_start: 1_767_225_600, current_period_end: 1_769_904_000 }] },
      });
    const effects = { stopRenewal: [] as { agreementId: number; subscriptionId: string }[] };
    // Created with its first payment open (card check, SEPA): the new row waits, the old plan runs on.
    await db.$transaction((tx) => syncSubscription(tx, sub("incomplete"), new Date("2026-12-07T10:00:00Z"), effects));
    expect(await db.userPaymentOption.findUniqueOrThrow({ where: { id: starter.id } })).toMatchObject({ cancelAtPeriodEnd: false });
    expect(effects.stopRenewal).toEqual([]);
    // Paid: now the old plan gets its notice, and the provider is to stop its renewal.
    await db.$transaction((tx) => syncSubscription(tx, sub("active"), new Date("2026-12-07T10:00:05Z"), effects));
    expect(await db.userPaymentOption.findUniqueOrThrow({ where: { id: starter.id } })).toMatchObject({ cancelAtPeriodEnd: true });
    expect(effects.stopRenewal).toEqual([{ agreementId: starter.id, subscriptionId: starter.stripeSubscriptionId }]);
    // A later event changes nothing more.
    await db.$transaction((tx) => syncSubscription(tx, sub("active"), new Date("2026-12-07T10:00:09Z"), effects));
    expect(effects.stopRenewal).toHaveLength(1);
  });

  it("books the new plan through the checkout, gives the old one notice to its period end, and the page shows both", async () => {
    const { user } = await customer();
    const starter = await book(user.id, "starter");
    expect(starter).toMatchObject({ status: "active", cancelAtPeriodEnd: false });
    expect(starter.periodEnd).not.toBeNull();

    // An open upgrade checkout changes nothing until it is paid.
    const { url } = await startCheckout({ purpose: "booking", userId: user.id, planId: "business", replacesAgreementId: starter.id });
    expect(await db.userPaymentOption.findUniqueOrThrow({ where: { id: starter.id } })).toMatchObject({ cancelAtPeriodEnd: false });
    const checkout = await db.localCheckoutSession.findUniqueOrThrow({ where: { id: sessionIdOf(url) } });
    expect((checkout.order as { metadata: Record<string, string> }).metadata).toMatchObject({
      purpose: "booking",
      planId: "business",
      replacesAgreementId: String(starter.id),
    });
    const updatesBefore = await subscriptionUpdates();
    await payLocalCheckout(sessionIdOf(url), user.id);

    const business = await db.userPaymentOption.findFirstOrThrow({ where: { userId: user.id, plan: "business" } });
    expect(business).toMatchObject({
      status: "active",
      cancelAtPeriodEnd: false,
      monthlyReleaseQuota: 10,
      apiAccess: true,
      priceCents: 12900,
    });
    const old = await db.userPaymentOption.findUniqueOrThrow({ where: { id: starter.id } });
    expect(old).toMatchObject({ status: "active", cancelAtPeriodEnd: true, periodEnd: starter.periodEnd });
    expect(old.cancellationRequestedAt).not.toBeNull();
    // The provider was told after the commit: the replaced subscription's event came back, signed, and was mirrored.
    expect(await subscriptionUpdates()).toBe(updatesBefore + 1);
    expect((await quotaStatus(db, user.id, new Date())).limit).toBe(10);

    const activity = await db.activityLog.findMany({ where: { actorUserId: user.id }, select: { type: true, subjectId: true } });
    expect(activity).toContainEqual({ type: ACTIVITY.agreementReplacedByUpgrade, subjectId: String(starter.id) });
    // An upgrade is no double booking, and no notice through the §312k form.
    expect(activity.map((a) => a.type)).not.toContain(ACTIVITY.bookingDuplicate);
    expect(activity.map((a) => a.type)).not.toContain(ACTIVITY.agreementProviderCancelFailed);
    expect(await db.activityLog.count({ where: { type: ACTIVITY.formIntake, actorUserId: user.id } })).toBe(0);

    const view = await loadBillingPage(user);
    expect(view.plans.map((p) => [p.heading, p.state.text])).toEqual([
      ["Paket Business", "aktiv"],
      ["Paket Starter", expect.stringMatching(/^gekündigt zum \d{2}\.\d{2}\.\d{4}$/)],
    ]);
    expect(view.plans[1]!.note).toContain("neben Paket Business");
    expect(view.upgrades.map((u) => u.label)).toEqual(["Auf Agentur wechseln"]);
    expect(view.paymentNote).toBeNull();
    expect(view.plans[0]!.facts).toContainEqual({ label: "Zahlungsmethode", value: "Visa •••• 4242, gültig bis 12/2030" });
    expect(JSON.stringify(view)).not.toContain("ersten Buchung");

    // The next step up works the same way, and the invoices of both bookings are mirrored.
    await book(user.id, "agency", business.id);
    expect((await db.userPaymentOption.findUniqueOrThrow({ where: { id: business.id } })).cancelAtPeriodEnd).toBe(true);
    expect((await quotaStatus(db, user.id, new Date())).limit).toBe(40);
    expect(await db.invoice.count({ where: { userId: user.id, kind: "stripe", status: "paid" } })).toBe(3);
    const top = await loadBillingPage(user);
    expect(top.upgrades).toEqual([]);
    expect(top.planChangeHint).toContain("größtes Paket");
  });

  it("refuses what is no upgrade: a smaller or the same plan, another account's plan, one under notice, one with an open payment", async () => {
    const { user } = await customer();
    const business = await book(user.id, "business");
    const upgrade = (planId: string, agreementId = business.id, userId = user.id) =>
      startCheckout({ purpose: "booking", userId, planId, replacesAgreementId: agreementId });

    await expect(upgrade("starter")).rejects.toMatchObject({ code: "validation_failed" });
    await expect(upgrade("business")).rejects.toMatchObject({ code: "validation_failed" });
    await expect(upgrade("gold")).rejects.toMatchObject({ code: "validation_failed" });
    // A plain second booking is still refused while the plan runs.
    await expect(startCheckout({ purpose: "booking", userId: user.id, planId: "agency" })).rejects.toMatchObject({ code: "conflict" });
    const stranger = await customer();
    await expect(upgrade("agency", business.id, stranger.user.id)).rejects.toMatchObject({ code: "not_found" });

    await db.userPaymentOption.update({ where: { id: business.id }, data: { status: "past_due" } });
    await expect(upgrade("agency")).rejects.toMatchObject({ code: "conflict" });
    const pastDue = await loadBillingPage(user);
    expect(pastDue.plans[0]!.state.text).toBe("Zahlung offen");
    expect(pastDue.upgrades).toEqual([]);

    await db.userPaymentOption.update({ where: { id: business.id }, data: { status: "active" } });
    await giveNotice({ userId: user.id, agreementId: business.id, kind: "cancellation" });
    await expect(upgrade("agency")).rejects.toMatchObject({ code: "conflict" });
    expect(await db.localCheckoutSession.count({ where: { customerId: `cus_local_${user.id}` } })).toBe(1);
  });

  it("replaces a plan paid by invoice: it ends with its invoiced period, no provider is asked", async () => {
    const { user, company } = await customer();
    const periodEnd = new Date(Date.now() + 10 * 86_400_000);
    const manual = await db.userPaymentOption.create({
      data: {
        userId: user.id,
        companyId: company.id,
        provider: "manual",
        plan: "starter",
        status: "active",
        monthlyReleaseQuota: 3,
        priceCents: 4900,
        periodStart: new Date(Date.now() - 20 * 86_400_000),
        periodEnd,
      },
    });
    const before = await loadBillingPage(user);
    expect(before.plans[0]!.facts).toContainEqual({ label: "Zahlungsmethode", value: "Rechnung/Überweisung" });
    expect(before.upgrades[0]!.terms).toContain("endet am");

    const updatesBefore = await subscriptionUpdates();
    await book(user.id, "business", manual.id);
    expect(await subscriptionUpdates()).toBe(updatesBefore);
    expect(await db.userPaymentOption.findUniqueOrThrow({ where: { id: manual.id } })).toMatchObject({
      status: "active",
      cancelAtPeriodEnd: true,
      periodEnd,
      stripeStateAt: null,
    });
    expect(await db.activityLog.count({ where: { type: ACTIVITY.agreementProviderCancelFailed, subjectId: String(manual.id) } })).toBe(0);
  });

  it("a notice given while the upgrade was being paid stands as given", async () => {
    const { user } = await customer();
    const starter = await book(user.id, "starter");
    const { url } = await startCheckout({ purpose: "booking", userId: user.id, planId: "business", replacesAgreementId: starter.id });
    const notice = await giveNotice({ userId: user.id, agreementId: starter.id, kind: "cancellation" });
    await payLocalCheckout(sessionIdOf(url), user.id);
    const old = await db.userPaymentOption.findUniqueOrThrow({ where: { id: starter.id } });
    expect(old.cancellationRequestedAt).toEqual(notice.receivedAt);
    expect(await db.activityLog.count({ where: { type: ACTIVITY.agreementReplacedByUpgrade, subjectId: String(starter.id) } })).toBe(0);
    expect(await db.userPaymentOption.count({ where: { userId: user.id, status: "active", cancelAtPeriodEnd: false } })).toBe(1);
  });
});
