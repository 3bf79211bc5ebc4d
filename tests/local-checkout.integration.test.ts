import { afterEach, describe, expect, it } from "vitest";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { createApiToken, hasApiAccess } from "@/lib/domains/api-tokens/tokens";
import { send } from "@/tests/api-client";
import { startCheckout } from "@/lib/domains/billing/checkout/start-checkout";
import { giveNotice } from "@/lib/domains/billing/contracts/give-notice";
import { openContracts } from "@/lib/domains/billing/contracts/open-contracts";
import { abandonLocalCheckout, payLocalCheckout } from "@/lib/domains/billing/provider/local-provider";
import { db } from "@/lib/core/db/client";
import { quotaStatus } from "@/lib/domains/releases/quota";
import { seedCompany, seedUser } from "@/tests/factories";
import { setLimits } from "@/tests/limits";

// The embedded default's payment path: no Stripe keys, the local checkout "pays" and sends
// Stripe-signed events to the same webhook receiver, so bookings behave as with Stripe.

async function customer() {
  const user = await seedUser({ emailVerifiedAt: new Date() });
  const company = await seedCompany();
  await db.companyUser.create({ data: { companyId: company.id, userId: user.id, role: "owner", grantedVia: "manual" } });
  return { user, company };
}

const sessionIdOf = (url: string) => /\/checkout\/local\/(cs_local_[0-9a-f]+)$/.exec(url)![1]!;

afterEach(() =>
  setLimits({
    NODE_ENV: undefined,
    APP_KEY: undefined,
    HEALTH_TOKEN: undefined,
    RESEND_API_KEY: undefined,
    ARCHIVE_SIGNING_KEY: undefined,
  }),
);

describe("the local test checkout", () => {
  it("books a plan: quota and API access follow, the invoice is mirrored, a double click pays once", async () => {
    const { user, company } = await customer();
    expect(await hasApiAccess(user.id)).toBe(false);
    const { url } = await startCheckout({ purpose: "booking", userId: user.id, planId: "agency" });
    expect(url).toMatch(/^https?:\/\/hub\.localhost:3000\/checkout\/local\/cs_local_/);
    const id = sessionIdOf(url);
    const [first, second] = await Promise.all([payLocalCheckout(id, user.id), payLocalCheckout(id, user.id)]);
    expect(first).toMatch(/\/dashboard\/billing\/thanks\?purpose=booking&session=cs_local_/);
    expect(second).toBe(first);
    const agreements = await db.userPaymentOption.findMany({ where: { userId: user.id } });
    expect(agreements).toHaveLength(1);
    expect(agreements[0]).toMatchObject({
      provider: "stripe",
      plan: "agency",
      status: "active",
      monthlyReleaseQuota: 40,
      apiAccess: true,
      companyId: company.id,
      priceCents: 34900,
    });
    expect(await hasApiAccess(user.id)).toBe(true);
    expect((await quotaStatus(db, user.id, new Date())).limit).toBe(40);
    const invoices = await db.invoice.findMany({ where: { userId: user.id } });
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      kind: "stripe",
      status: "paid",
      amountCents: 34900,
      taxCents: 6631,
      userPaymentOptionId: agreements[0]!.id,
    });
    // A second booking while one runs is refused.
    await expect(startCheckout({ purpose: "booking", userId: user.id, planId: "starter" })).rejects.toMatchObject({ code: "conflict" });
  });

  it("an abandoned checkout books nothing and cannot be paid afterwards", async () => {
    const { user } = await customer();
    const id = sessionIdOf((await startCheckout({ purpose: "booking", userId: user.id, planId: "starter" })).url);
    expect(await abandonLocalCheckout(id, user.id)).toMatch(/\/dashboard\/billing\?checkout=cancelled$/);
    await expect(payLocalCheckout(id, user.id)).rejects.toMatchObject({ code: "conflict" });
    expect(await db.userPaymentOption.count({ where: { userId: user.id } })).toBe(0);
  });

  it("is paid or abandoned only by the account that opened it: no session or another account is refused and nothing changes", async () => {
    const { user } = await customer();
    const other = await seedUser({ emailVerifiedAt: new Date() });
    const id = sessionIdOf((await startCheckout({ purpose: "booking", userId: user.id, planId: "business" })).url);
    for (const [payer, code] of [
      [null, "unauthenticated"],
      [other.id, "forbidden"],
    ] as const) {
      await expect(payLocalCheckout(id, payer)).rejects.toMatchObject({ code });
      await expect(abandonLocalCheckout(id, payer)).rejects.toMatchObject({ code });
    }
    expect((await db.localCheckoutSession.findUniqueOrThrow({ where: { id } })).status).toBe("open");
    expect(await db.userPaymentOption.count({ where: { userId: { in: [user.id, other.id] } } })).toBe(0);
    await payLocalCheckout(id, user.id);
    expect(await db.userPaymentOption.count({ where: { userId: user.id } })).toBe(1);
  });

  it("notice ends the plan with its period and is confirmed with date and time; a withdrawal ends it at once", async () => {
    const { user } = await customer();
    await payLocalCheckout(sessionIdOf((await startCheckout({ purpose: "booking", userId: user.id, planId: "business" })).url), user.id);
    const agreement = await db.userPaymentOption.findFirstOrThrow({ where: { userId: user.id } });
    const receipt = await giveNotice({
      userId: user.id,
      agreementId: agreement.id,
      kind: "cancellation",
      statement: "Wir veröffentlichen künftig selbst.",
    });
    expect(receipt.endsAt.getTime()).toBe(agreement.periodEnd!.getTime());
    const noticed = await db.userPaymentOption.findUniqueOrThrow({ where: { id: agreement.id } });
    expect(noticed).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect(noticed.cancellationRequestedAt).not.toBeNull();
    const mail = await db.mailOutbox.findFirstOrThrow({ where: { to: user.email, mailType: "contract_cancellation" } });
    expect(mail.text).toContain("Paket Business");
    expect(mail.text).toMatch(/\d{2}:\d{2}/);
    expect(await db.activityLog.count({ where: { actorUserId: user.id, type: ACTIVITY.formIntake, path: "cancellation" } })).toBe(1);
    await expect(giveNotice({ userId: user.id, agreementId: agreement.id, kind: "cancellation" })).rejects.toMatchObject({
      code: "conflict",
    });
    // Still within its period the plan works; a new plan may be booked for afterwards.
    expect(await hasApiAccess(user.id)).toBe(true);

    await giveNotice({ userId: user.id, agreementId: agreement.id, kind: "withdrawal", statement: "Hiermit widerrufe ich den Vertrag." });
    expect((await db.userPaymentOption.findUniqueOrThrow({ where: { id: agreement.id } })).status).toBe("cancelled");
    expect(await hasApiAccess(user.id)).toBe(false);
    expect(await db.mailOutbox.count({ where: { to: user.email, mailType: "contract_withdrawal" } })).toBe(1);
  });

  it("pauses API tokens when the plan ends and lets the same token work again after a new booking (spec 5.1)", async () => {
    const { user } = await customer();
    await payLocalCheckout(sessionIdOf((await startCheckout({ purpose: "booking", userId: user.id, planId: "business" })).url), user.id);
    const { token } = await createApiToken({ userId: user.id, name: "CMS", identityConfirmedAt: new Date() });
    expect((await send("GET", "/api/v1/releases", { token })).status).toBe(200);
    const agreement = await db.userPaymentOption.findFirstOrThrow({ where: { userId: user.id } });
    await giveNotice({ userId: user.id, agreementId: agreement.id, kind: "withdrawal" });
    const paused = await send("GET", "/api/v1/releases", { token });
    expect(paused.status).toBe(403);
    expect(((await paused.json()) as { error: { code: string } }).error.code).toBe("api_access_missing");
    await payLocalCheckout(sessionIdOf((await startCheckout({ purpose: "booking", userId: user.id, planId: "agency" })).url), user.id);
    expect((await send("GET", "/api/v1/releases", { token })).status).toBe(200);
  });

  it("offers the withdrawal for 14 days after the booking only", async () => {
    const { user } = await customer();
    await payLocalCheckout(sessionIdOf((await startCheckout({ purpose: "booking", userId: user.id, planId: "starter" })).url), user.id);
    const agreement = await db.userPaymentOption.findFirstOrThrow({ where: { userId: user.id } });
    await db.userPaymentOption.update({ where: { id: agreement.id }, data: { createdAt: new Date(Date.now() - 15 * 86_400_000) } });
    await expect(giveNotice({ userId: user.id, agreementId: agreement.id, kind: "withdrawal" })).rejects.toMatchObject({
      code: "conflict",
    });
    expect((await db.userPaymentOption.findUniqueOrThrow({ where: { id: agreement.id } })).status).toBe("active");
    expect(await openContracts(user.id, "withdrawal")).toEqual([]);
    expect(await openContracts(user.id, "cancellation")).toHaveLength(1);
  });

  it("refuses notice on another customer's contract", async () => {
    const { user } = await customer();
    await payLocalCheckout(sessionIdOf((await startCheckout({ purpose: "booking", userId: user.id, planId: "business" })).url), user.id);
    const agreement = await db.userPaymentOption.findFirstOrThrow({ where: { userId: user.id } });
    const attacker = await seedUser({ emailVerifiedAt: new Date() });
    await expect(giveNotice({ userId: attacker.id, agreementId: agreement.id, kind: "withdrawal" })).rejects.toMatchObject({
      code: "not_found",
    });
    expect((await db.userPaymentOption.findUniqueOrThrow({ where: { id: agreement.id } })).status).toBe("active");
  });

  it("is off on a public deployment without Stripe keys: no checkout, no free plan", async () => {
    const { user } = await customer();
    const id = sessionIdOf((await startCheckout({ purpose: "booking", userId: user.id, planId: "business" })).url);
    setLimits({
      NODE_ENV: "production",
      APP_KEY: "k".repeat(40),
      HEALTH_TOKEN: "t",
      RESEND_API_KEY: "re_test",
      ARCHIVE_SIGNING_KEY: "a".repeat(40),
    });
    await expect(startCheckout({ purpose: "booking", userId: user.id, planId: "business" })).rejects.toMatchObject({
      code: "service_unavailable",
    });
    await expect(payLocalCheckout(id, user.id)).rejects.toMatchObject({ code: "not_found" });
    expect(await db.userPaymentOption.count({ where: { userId: user.id } })).toBe(0);
  });
});
