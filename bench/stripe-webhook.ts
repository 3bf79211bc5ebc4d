// Payment webhook figures on PostgreSQL: how fast the route answers Stripe (spec 6.2 "answers
// fast": verification, event-id dedupe and the effect in one transaction; PDF and mail follow in
// a job), for credit top-ups from many newsrooms at once, repeats of one event, and the events
// of a plan booking. A benchmark, not a test: it prints.
// Usage: npx tsx bench/stripe-webhook.ts [--events=400] [--concurrency=8]
import { cpus } from "node:os";
import Stripe from "stripe";
import { percentile as pct, pool, runBench, withThrowawayDatabase } from "./support";

const arg = (name: string, d: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? d);
const EVENTS = arg("events", 400);
const CONCURRENCY = arg("concurrency", 8);
const SECRET = "whsec_bench_only";

function report(label: string, samples: number[], wallMs: number) {
  const s = [...samples].sort((a, b) => a - b);
  console.log(
    `${label.padEnd(40)} p50 ${pct(s, 50).toFixed(1)} ms  p95 ${pct(s, 95).toFixed(1)} ms  p99 ${pct(s, 99).toFixed(1)} ms  max ${s.at(-1)!.toFixed(1)} ms  ${((samples.length / wallMs) * 1000).toFixed(0)} events/s  (${samples.length})`,
  );
}

async function main() {
  console.log(
    `machine: ${cpus().length} cores, node ${process.version}; PostgreSQL at 127.0.0.1; events ${EVENTS}, concurrency ${CONCURRENCY}; signed with the Stripe SDK, sent to the route handler in process`,
  );
  await withThrowawayDatabase("pd_bench_hook", async (url) => {
    Object.assign(process.env, {
      DATABASE_URL: url,
      JOBS_AUTO_DRAIN: "false",
      STRIPE_SECRET_KEY: "sk_test_bench",
      STRIPE_WEBHOOK_SECRET: SECRET,
    });
    const { applyMigrations } = await import("@/lib/core/db/migrations/migrations");
    await applyMigrations(url);
    const { db, disconnectPrisma } = await import("@/lib/core/db/client");
    const { saleEvents } = await import("@/lib/domains/billing/provider/local-events");
    const route = await import("@/app/api/webhooks/stripe/route");
    const deliver = async (evt: Stripe.Event) => {
      const payload = JSON.stringify(evt);
      const r = await route.POST(
        new Request("http://hub.localhost/api/webhooks/stripe", {
          method: "POST",
          headers: { "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
          body: payload,
        }),
      );
      if (r.status !== 200) throw new Error(`webhook answered ${r.status}`);
    };
    try {
      const customers: { user: { id: number; stripeCustomerId: string | null }; company: { id: number } }[] = [];
      for (let i = 0; i < 50; i++) {
        const user = await db.user.create({
          data: { email: `bench-${i}@example.test`, name: "Bench", stripeCustomerId: `cus_bench_${i}`, emailVerifiedAt: new Date() },
        });
        const company = await db.company.create({ data: { portal: "business", slug: `bench-${i}`, name: `Bench ${i}` } });
        await db.companyUser.create({ data: { companyId: company.id, userId: user.id, role: "owner", grantedVia: "manual" } });
        customers.push({ user, company });
      }
      const order = (c: (typeof customers)[number], purpose: "credits" | "booking") => ({
        purpose,
        mode: purpose === "booking" ? ("subscription" as const) : ("payment" as const),
        customerId: c.user.stripeCustomerId!,
        lines: [{ description: "bench", unitNetCents: 2500, quantity: 1 }],
        metadata: {
          purpose,
          userId: String(c.user.id),
          companyId: String(c.company.id),
          ...(purpose === "booking" ? { planId: "business" } : { packId: "credits-10" }),
        },
        successUrl: "",
        cancelUrl: "",
        idempotencyKey: "",
      });
      const sale = (i: number, purpose: "credits" | "booking") =>
        saleEvents({
          sessionId: `cs_bench_${purpose}_${i}`,
          order: order(customers[i % customers.length]!, purpose),
          subscriptionId: purpose === "booking" ? `sub_bench_${i}` : null,
          invoiceId: `in_bench_${purpose}_${i}`,
          paidAt: new Date(),
        });

      let run = await pool(EVENTS, CONCURRENCY, (i) => deliver(sale(i, "credits")[0]!));
      report("checkout.session.completed (credits)", run.samples, run.wall);
      run = await pool(EVENTS, CONCURRENCY, (i) => deliver(sale(i, "credits")[1]!));
      report("invoice.paid (STR mirror, number)", run.samples, run.wall);
      const repeated = sale(0, "credits")[0]!;
      run = await pool(EVENTS, CONCURRENCY, () => deliver(repeated));
      report("repeat of one event (dropped by id)", run.samples, run.wall);
      const bookings = Array.from({ length: Math.floor(EVENTS / 3) }, (_, i) => sale(i, "booking"));
      run = await pool(bookings.length * 3, CONCURRENCY, (i) => deliver(bookings[Math.floor(i / 3)]![i % 3]!));
      report("booking events (subscription, checkout, invoice)", run.samples, run.wall);
      const credits = await db.company.aggregate({ _sum: { credits: true } });
      console.log(
        `check: ${credits._sum.credits} credits booked for ${EVENTS} top-ups of 10 (expected ${EVENTS * 10}); ${await db.invoice.count()} STR invoices`,
      );
    } finally {
      await disconnectPrisma();
    }
  });
}

runBench(main);
