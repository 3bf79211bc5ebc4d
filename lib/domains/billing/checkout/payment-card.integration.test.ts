import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetStripeClientForTests } from "@/lib/domains/billing/provider/stripe-provider";
import { db } from "@/lib/core/db/client";
import { seedUser } from "@/tests/factories";
import { setLimits } from "@/tests/limits";
import { loadPaymentCard } from "./payment-card";

// The billing page's payment method through the real Stripe SDK, against a local stand-in of
// Stripe's API: the customer's default card, else the newest card, and "unknown" (never an
// error page) when Stripe does not answer.

const card = (id: string, brand: string, last4: string) => ({
  id,
  object: "payment_method",
  type: "card",
  card: { brand, last4, exp_month: 7, exp_year: 2031 },
});

let server: Server;
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/v1/customers/cus_default")
      return json(200, {
        id: "cus_default",
        object: "customer",
        invoice_settings: { default_payment_method: card("pm_1", "mastercard", "4444") },
      });
    if (url.pathname === "/v1/customers/cus_checkout")
      return json(200, { id: "cus_checkout", object: "customer", invoice_settings: { default_payment_method: null } });
    if (url.pathname === "/v1/customers/cus_checkout/payment_methods")
      return json(200, { object: "list", data: [card("pm_2", "visa", "1881")], has_more: false });
    json(500, { error: { type: "api_error", message: "down" } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  setLimits({
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_WEBHOOK_SECRET: "whsec_test_card",
    STRIPE_API_HOST: "127.0.0.1",
    STRIPE_API_PORT: String((server.address() as AddressInfo).port),
    STRIPE_API_PROTOCOL: "http",
  });
  resetStripeClientForTests();
});

afterAll(async () => {
  setLimits({
    STRIPE_SECRET_KEY: undefined,
    STRIPE_WEBHOOK_SECRET: undefined,
    STRIPE_API_HOST: undefined,
    STRIPE_API_PORT: undefined,
    STRIPE_API_PROTOCOL: undefined,
  });
  resetStripeClientForTests();
  await new Promise((resolve) => server.close(resolve));
});

describe("loadPaymentCard with Stripe", () => {
  it("reads the default card, else the newest card, and says unknown when Stripe fails", async () => {
    const withDefault = await seedUser({ stripeCustomerId: "cus_default" });
    expect(await loadPaymentCard(withDefault.id)).toEqual({
      kind: "card",
      card: { brand: "mastercard", last4: "4444", expMonth: 7, expYear: 2031 },
    });
    expect(requests.at(-1)).toMatch(/^GET \/v1\/customers\/cus_default\?expand\[0\]=invoice_settings.default_payment_method$/);

    const fromCheckout = await seedUser({ stripeCustomerId: "cus_checkout" });
    expect(await loadPaymentCard(fromCheckout.id)).toMatchObject({ kind: "card", card: { brand: "visa", last4: "1881" } });
    expect(requests.at(-1)).toMatch(/^GET \/v1\/customers\/cus_checkout\/payment_methods\?type=card&limit=1$/);

    const broken = await seedUser({ stripeCustomerId: "cus_broken" });
    expect(await loadPaymentCard(broken.id)).toEqual({ kind: "card_unknown" });
    const never = await seedUser();
    const before = requests.length;
    expect(await loadPaymentCard(never.id)).toEqual({ kind: "none" });
    expect(requests.length).toBe(before);
    expect(await db.user.count({ where: { id: never.id, stripeCustomerId: null } })).toBe(1);
  });
});
