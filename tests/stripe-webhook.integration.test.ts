import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { POST } from "@/app/api/webhooks/stripe/route";
import { startCheckout } from "@/lib/domains/billing/checkout/start-checkout";
import { event, saleEvents, subscriptionObject } from "@/lib/domains/billing/provider/local-events";
import type { CheckoutOrder } from "@/lib/domains/billing/provider";
import { resetStripeClientForTests } from "@/lib/domains/billing/provider/stripe-provider";
import { storeProviderInvoice } from "@/lib/domains/billing/webhook/store-provider-invoice";
import { db } from "@/lib/core/db/client";
import { requestPaidChange } from "@/lib/domains/paid-changes/request-paid-change";
import { seedCompany, seedRelease, seedUser, unique } from "@/tests/factories";
import { GOOD_BODY, seedNewsroom } from "@/tests/release-fixtures";
import { setLimits } from "@/tests/limits";
import { startFakeStripe, type FakeStripe } from "@/tests/stripe-fake-server";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

// The payment webhook as Stripe drives it: payloads signed by the Stripe SDK's own test helper,
// delivered to the route; the SDK's API calls go to a local fake Stripe the test starts.

const SECRET = "whsec_test_webhook_suite";
let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe(SECRET);
  setLimits({ ...stripe.env(), STORAGE_DIR: await mkdtemp(join(tmpdir(), "pd-stripe-")) });
  resetStripeClientForTests();
});
afterAll(async () => {
  setLimits(Object.fromEntries(Object.keys(stripe.env()).map((k) => [k, undefined])));
  resetStripeClientForTests();
  await stripe.close();
});
beforeEach(() => {
  stripe.calls.length = 0;
});

function post(payload: string, signature: string | null): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== null) headers["stripe-signature"] = signature;
  return POST(new Request("http://hub.localhost:3000/api/webhooks/stripe", { method: "POST", headers, body: payload }));
}

function deliver(evt: Stripe.Event, opts: { secret?: string; timestamp?: number } = {}): Promise<Response> {
  const payload = JSON.stringify(evt);
  return post(
    payload,
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? SECRET,
      ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
    }),
  );
}

async function customer() {
  const user = await seedUser({ emailVerifiedAt: new Date(), stripeCustomerId: unique("cus_test") });
  const company = await seedCompany({ portal: "business" });
  await db.companyUser.create({ data: { companyId: company.id, userId: user.id, role: "owner", grantedVia: "manual" } });
  return { user, company };
}

function order(
  c: { user: { id: number; stripeCustomerId: string | null }; company: { id: number } },
  purpose: "booking" | "credits",
  extra: Record<string, string> = {},
): CheckoutOrder {
  const booking = purpose === "booking";
  return {
    purpose,
    mode: booking ? "subscription" : "payment",
    customerId: c.user.stripeCustomerId!,
    lines: [{ description: booking ? "Pressdesk Business" : "10 Credits", unitNetCents: booking ? 12900 : 2500, quantity: 1 }],
    metadata: {
      purpose,
      userId: String(c.user.id),
      companyId: String(c.company.id),
      ...(booking ? { planId: "business" } : { packId: "credits-10" }),
      ...extra,
    },
    successUrl: "http://hub.localhost:3000/dashboard/billing/thanks",
    cancelUrl: "http://hub.localhost:3000/dashboard/billing",
    idempotencyKey: unique("k"),
  };
}

const sale = (o: CheckoutOrder, paidAt = new Date()) => ({
  sessionId: unique("cs_test"),
  order: o,
  subscriptionId: o.mode === "subscription" ? unique("sub_test") : null,
  invoiceId: unique("in_test"),
  paidAt,
});

describe("checkout through the Stripe SDK", () => {
  it("opens a subscription checkout for a plan with the order in its metadata, creating the customer once", async () => {
    const user = await seedUser({ emailVerifiedAt: new Date() });
    const company = await seedCompany();
    await db.companyUser.create({ data: { companyId: company.id, userId: user.id, role: "owner", grantedVia: "manual" } });
    const { url } = await startCheckout({ purpose: "booking", userId: user.id, planId: "business" });
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_fake_/);
    const session = stripe.calls.find((c) => c.path === "/v1/checkout/sessions")!;
    expect(session.params).toMatchObject({
      mode: "subscription",
      "line_items[0][price_data][unit_amount]": "12900",
      "line_items[0][price_data][recurring][interval]": "month",
      "metadata[planId]": "business",
      "metadata[userId]": String(user.id),
      "subscription_data[metadata][planId]": "business",
    });
    expect(session.idempotencyKey).toBeTruthy();
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.stripeCustomerId).toMatch(/^cus_fake_/);
    await startCheckout({ purpose: "credits", userId: user.id, companyId: company.id, packId: "credits-25" });
    expect(stripe.calls.filter((c) => c.path === "/v1/customers")).toHaveLength(1);
  });

  it("refuses an unknown plan, a newsroom the buyer does not own and an unconfirmed account", async () => {
    const { user, company } = await customer();
    await expect(startCheckout({ purpose: "booking", userId: user.id, planId: "platinum" })).rejects.toMatchObject({
      code: "validation_failed",
    });
    const stranger = await seedUser({ emailVerifiedAt: new Date() });
    await expect(
      startCheckout({ purpose: "credits", userId: stranger.id, companyId: company.id, packId: "credits-10" }),
    ).rejects.toMatchObject({ code: "forbidden" });
    const unconfirmed = await seedUser({ emailVerifiedAt: null });
    await expect(startCheckout({ purpose: "booking", userId: unconfirmed.id, planId: "starter" })).rejects.toMatchObject({
      code: "forbidden",
    });
    expect(stripe.calls.filter((c) => c.path === "/v1/checkout/sessions")).toHaveLength(0);
  });
});

/** The order of the last checkout the SDK opened, read back from what it sent to Stripe. */
function lastCheckoutOrder(customerId: string, mode: "payment" | "subscription"): CheckoutOrder {
  const call = stripe.calls.filter((c) => c.path === "/v1/checkout/sessions").at(-1)!;
  const metadata = Object.fromEntries(
    Object.entries(call.params).flatMap(([k, v]) => (/^metadata\[(\w+)\]$/.exec(k) ? [[/^metadata\[(\w+)\]$/.exec(k)![1]!, v]] : [])),
  );
  const lines = [
    {
      description: call.params["line_items[0][price_data][product_data][name]"] ?? "",
      unitNetCents: Number(call.params["line_items[0][price_data][unit_amount]"]),
      quantity: 1,
    },
  ];
  return {
    purpose: metadata.purpose as CheckoutOrder["purpose"],
    mode,
    customerId,
    lines,
    metadata,
    successUrl: "",
    cancelUrl: "",
    idempotencyKey: "",
  };
}

async function publishedRelease() {
  const { owner, company } = await seedNewsroom();
  await db.user.update({ where: { id: owner.id }, data: { emailVerifiedAt: new Date() } });
  const t0 = new Date(Date.now() - 86_400_000);
  const release = await seedRelease({
    companyId: company.id,
    authorUserId: owner.id,
    status: "published",
    publishedAt: t0,
    publishedEverAt: t0,
    contentChangedAt: t0,
    title: `Neues Werk ${unique("w")}`,
    body: GOOD_BODY,
    location: "Berlin",
    contactName: "Pressestelle",
    contactEmail: "presse@beispiel.de",
  });
  await db.pressReleaseClassification.create({
    data: {
      pressReleaseId: release.id,
      result: "green",
      reasons: [],
      contentHash: release.contentHash,
      reviewFingerprint: release.reviewFingerprint,
      classifier: "test",
      attempt: 0,
    },
  });
  return { owner, company, release };
}

describe("purchases confirmed by the webhook", () => {
  it("applies a paid change once its payment is confirmed, with the mail, and only once", async () => {
    const { owner, release } = await publishedRelease();
    const { changeId } = await requestPaidChange({
      userId: owner.id,
      releaseId: release.id,
      title: `${release.title} (aktualisiert)`,
      lead: "Mehr Arbeitsplätze als geplant",
      body: GOOD_BODY.replace("250 Arbeitsplätze", "300 Arbeitsplätze"),
    });
    await startCheckout({ purpose: "change", userId: owner.id, changeId });
    const change = await db.pressReleaseChange.findUniqueOrThrow({ where: { id: changeId } });
    expect(change.stripeCheckoutSessionId).toMatch(/^cs_test_fake_/);
    const customerId = (await db.user.findUniqueOrThrow({ where: { id: owner.id } })).stripeCustomerId!;
    const o = lastCheckoutOrder(customerId, "payment");
    expect(o.lines[0]!.unitNetCents).toBe(1000);
    const events = saleEvents({
      sessionId: change.stripeCheckoutSessionId!,
      order: o,
      subscriptionId: null,
      invoiceId: unique("in_test"),
      paidAt: new Date(),
    });
    for (const e of [...events, ...events]) expect((await deliver(e)).status).toBe(200);
    const after = await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } });
    expect(after.title).toBe(`${release.title} (aktualisiert)`);
    expect(after.paidChangeUsedAt).not.toBeNull();
    expect(after.contentChangedAt.getTime()).toBeGreaterThan(release.contentChangedAt.getTime());
    expect((await db.pressReleaseChange.findUniqueOrThrow({ where: { id: changeId } })).status).toBe("applied");
    expect(await db.mailOutbox.count({ where: { mailType: "press_release_change_applied" } })).toBeGreaterThanOrEqual(1);
    expect(await db.pressReleaseHistory.count({ where: { pressReleaseId: release.id } })).toBe(1);
  });

  it("buys the missing credits for a boost and books it after payment", async () => {
    const { owner, company, release } = await publishedRelease();
    await db.company.update({ where: { id: company.id }, data: { credits: 5 } });
    await startCheckout({ purpose: "boost", userId: owner.id, releaseId: release.id, placement: "home", tier: 1 });
    const customerId = (await db.user.findUniqueOrThrow({ where: { id: owner.id } })).stripeCustomerId!;
    const o = lastCheckoutOrder(customerId, "payment");
    expect(o.metadata).toMatchObject({ purpose: "boost", credits: "7", placement: "home", tier: "1", releaseId: String(release.id) });
    expect(o.lines[0]!.unitNetCents).toBe(1750);
    for (const e of saleEvents({
      sessionId: unique("cs_test"),
      order: o,
      subscriptionId: null,
      invoiceId: unique("in_test"),
      paidAt: new Date(),
    }))
      await deliver(e);
    const boosts = await db.boost.findMany({ where: { pressReleaseId: release.id } });
    expect(boosts).toHaveLength(1);
    expect(boosts[0]).toMatchObject({ placement: "home", tier: 1, priceCredits: 12 });
    expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).credits).toBe(0);
  });
});

describe("the webhook", () => {
  it("credits a top-up once when the same event is delivered ten times at once", async () => {
    const c = await customer();
    const completed = saleEvents(sale(order(c, "credits"))).find((e) => e.type === "checkout.session.completed")!;
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(completed)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const bodies = await Promise.all(answers.map((r) => r.json() as Promise<{ handled: boolean }>));
    expect(bodies.filter((b) => b.handled)).toHaveLength(1);
    expect((await db.company.findUniqueOrThrow({ where: { id: c.company.id } })).credits).toBe(10);
    expect(await db.creditTransaction.count({ where: { companyId: c.company.id } })).toBe(1);
    expect(await db.stripeEvent.count({ where: { id: completed.id } })).toBe(1);
  });

  it("credits once when the payment is confirmed by two different events", async () => {
    const c = await customer();
    const s = sale(order(c, "credits"));
    const completed = saleEvents(s).find((e) => e.type === "checkout.session.completed")!;
    const asyncSucceeded = event(
      "checkout.session.async_payment_succeeded",
      completed.data.object as unknown as Record<string, unknown>,
      new Date(),
    );
    await deliver(completed);
    await deliver(asyncSucceeded);
    expect((await db.company.findUniqueOrThrow({ where: { id: c.company.id } })).credits).toBe(10);
  });

  it("converges to the same state whatever order the events of a booking arrive in", async () => {
    const snapshots: unknown[] = [];
    for (const permutation of [
      [0, 1, 2, 3],
      [3, 2, 1, 0],
      [2, 0, 3, 1],
      [1, 3, 0, 2],
    ]) {
      const c = await customer();
      const start = new Date(Date.UTC(2026, 10, 2, 9, 0, 0));
      const s = sale(order(c, "booking"), start);
      const notice = event(
        "customer.subscription.updated",
        subscriptionObject({
          subscriptionId: s.subscriptionId!,
          order: s.order,
          periodStart: start,
          status: "active",
          cancelAtPeriodEnd: true,
          canceledAt: null,
        }),
        new Date(start.getTime() + 3_600_000),
      );
      const events = [...saleEvents(s), notice];
      for (const i of permutation) expect((await deliver(events[i]!)).status).toBe(200);
      const agreement = await db.userPaymentOption.findUniqueOrThrow({ where: { stripeSubscriptionId: s.subscriptionId! } });
      const invoices = await db.invoice.findMany({ where: { userId: c.user.id } });
      snapshots.push({
        status: agreement.status,
        plan: agreement.plan,
        quota: agreement.monthlyReleaseQuota,
        apiAccess: agreement.apiAccess,
        cancelAtPeriodEnd: agreement.cancelAtPeriodEnd,
        periodEnd: agreement.periodEnd?.toISOString(),
        invoices: invoices.map((i) => ({
          status: i.status,
          net: i.amountCents,
          tax: i.taxCents,
          linked: i.userPaymentOptionId === agreement.id,
          prefix: i.number.slice(0, 9),
        })),
      });
    }
    expect(snapshots[0]).toMatchObject({
      status: "active",
      plan: "business",
      quota: 10,
      apiAccess: true,
      cancelAtPeriodEnd: true,
      invoices: [{ status: "paid", net: 12900, tax: 2451, linked: true }],
    });
    for (const s of snapshots.slice(1)) expect(s).toEqual(snapshots[0]);
  });

  it("ends a booking on subscription.deleted and ignores an older update arriving after it", async () => {
    const c = await customer();
    const start = new Date();
    const s = sale(order(c, "booking"), start);
    for (const e of saleEvents(s)) await deliver(e);
    const state = {
      subscriptionId: s.subscriptionId!,
      order: s.order,
      periodStart: start,
      cancelAtPeriodEnd: false,
      canceledAt: new Date(start.getTime() + 20_000),
    };
    await deliver(
      event("customer.subscription.deleted", subscriptionObject({ ...state, status: "canceled" }), new Date(start.getTime() + 20_000)),
    );
    await deliver(
      event("customer.subscription.updated", subscriptionObject({ ...state, status: "active" }), new Date(start.getTime() + 10_000)),
    );
    const agreement = await db.userPaymentOption.findUniqueOrThrow({ where: { stripeSubscriptionId: s.subscriptionId! } });
    expect(agreement.status).toBe("cancelled");
  });

  it("keeps a paid subscription active when `incomplete` and `active` of the same second arrive reversed", async () => {
    const c = await customer();
    const at = new Date(Math.floor(Date.now() / 1000) * 1000);
    const s = sale(order(c, "booking"), at);
    const state = { subscriptionId: s.subscriptionId!, order: s.order, periodStart: at, cancelAtPeriodEnd: false, canceledAt: null };
    const incomplete = event(
      "customer.subscription.created",
      { ...subscriptionObject({ ...state, status: "active" }), status: "incomplete" },
      at,
    );
    const active = event("customer.subscription.updated", subscriptionObject({ ...state, status: "active" }), at);
    await deliver(active);
    await deliver(incomplete);
    expect((await db.userPaymentOption.findUniqueOrThrow({ where: { stripeSubscriptionId: s.subscriptionId! } })).status).toBe("active");
  });

  it("refuses a bad signature, a missing one, another secret and a stale timestamp, changing nothing", async () => {
    const c = await customer();
    const completed = saleEvents(sale(order(c, "credits"))).find((e) => e.type === "checkout.session.completed")!;
    const payload = JSON.stringify(completed);
    const good = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const tampered = JSON.stringify({
      ...completed,
      data: {
        object: {
          ...(completed.data.object as object),
          metadata: { ...(completed.data.object as { metadata: object }).metadata, packId: "credits-60" },
        },
      },
    });
    const answers = [
      await post(tampered, good),
      await post(payload, null),
      await post(payload, "t=1,v1=deadbeef"),
      await deliver(completed, { secret: "whsec_someone_else" }),
      await deliver(completed, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
    ];
    for (const r of answers) {
      expect(r.status).toBe(400);
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe("bad_request");
    }
    expect((await db.company.findUniqueOrThrow({ where: { id: c.company.id } })).credits).toBe(0);
    expect(await db.stripeEvent.count({ where: { id: completed.id } })).toBe(0);
    // Within the tolerance the same event is taken.
    expect((await deliver(completed, { timestamp: Math.floor(Date.now() / 1000) - 290 })).status).toBe(200);
    expect((await db.company.findUniqueOrThrow({ where: { id: c.company.id } })).credits).toBe(10);
  });

  it("mirrors a paid provider invoice as STR, fetches its PDF once and mails it once", async () => {
    const c = await customer();
    const s = sale(order(c, "credits"));
    const events = saleEvents(s);
    stripe.pdfs.set(s.invoiceId, new TextEncoder().encode("%PDF-1.4\n% provider invoice\n%%EOF\n"));
    for (const e of events) await deliver(e);
    await deliver(event("invoice.payment_succeeded", events.at(-1)!.data.object as unknown as Record<string, unknown>, new Date()));
    const invoice = await db.invoice.findUniqueOrThrow({ where: { stripeInvoiceId: s.invoiceId } });
    expect(invoice).toMatchObject({ kind: "stripe", status: "paid", amountCents: 2500, taxCents: 475 });
    expect(invoice.number).toMatch(/^STR-\d{4}-\d{5}$/);
    await Promise.all([storeProviderInvoice({ invoiceId: invoice.id }), storeProviderInvoice({ invoiceId: invoice.id })]);
    await storeProviderInvoice({ invoiceId: invoice.id });
    expect(stripe.pdfFetches.get(s.invoiceId)).toBe(1);
    const stored = await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
    expect(stored.pdfPath).toMatch(/^invoices\/str-/);
    expect(stored.sentAt).not.toBeNull();
    const mails = await db.mailOutbox.findMany({ where: { mailType: "invoice", to: c.user.email } });
    expect(mails).toHaveLength(1);
    expect(JSON.stringify(mails[0]!.attachments)).toContain("application/pdf");
  });

  it("counts stage 5 of the funnel once per newsroom over several payments", async () => {
    const c = await customer();
    for (let i = 0; i < 3; i++) for (const e of saleEvents(sale(order(c, "credits")))) await deliver(e);
    await new Promise((r) => setTimeout(r, 50));
    expect(await db.conversionEvent.count({ where: { stage: 5, companyId: c.company.id } })).toBe(1);
    expect(await db.activityLog.count({ where: { type: ACTIVITY.paymentReceived, actorUserId: c.user.id } })).toBe(3);
  });

  it("acknowledges event types it does not act on", async () => {
    const r = await deliver(event("charge.refund.updated", { id: "re_1" }, new Date()));
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ received: true, handled: false });
  });
});
