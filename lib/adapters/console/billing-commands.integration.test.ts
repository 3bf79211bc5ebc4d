import { runCommand } from "@/tests/console-run";
import { describe, expect, it } from "vitest";
import { berlinDay } from "@/lib/domains/billing/agreements/billing-period";
import { db } from "@/lib/core/db/client";
import { findJob, SCHEDULES } from "@/lib/runtime/jobs/catalog";
import { JOB } from "@/lib/core/jobs/names";
import type { Prisma } from "@/lib/generated/prisma/client";
import { seedUser, unique } from "@/tests/factories";
import { COMMANDS } from "./commands";

// The billing console commands of spec 4.7 run through the registry on seeded data: exit code,
// output and effect; --help and wrong calls (exit 2) for each; a technical failure exits 1.
// The commands run at the real time, so the seeded dates are relative to it.

const run = runCommand;

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

function seedAgreement(userId: number, data: Partial<Prisma.UserPaymentOptionUncheckedCreateInput> = {}) {
  return db.userPaymentOption.create({
    data: { userId, provider: "manual", plan: "business", priceCents: 12900, periodStart: ago(31), periodEnd: ago(1), ...data },
  });
}

const NAMES = ["billing:expire-grandfathering", "billing:run-invoices", "legacy:settle-unpaid", "legacy:grandfather-subscriptions"];

describe("billing console commands", () => {
  it("every one answers --help with its usage (exit 0) and a wrong call with 2", async () => {
    const wrong: Record<string, string[][]> = {
      "billing:expire-grandfathering": [["--dry-run"], ["now"]],
      "billing:run-invoices": [["--limit=0"], ["--limit=abc"], ["--limit"], ["--limit=100001"], ["--dry-run=1"], ["--force"], ["extra"]],
      "legacy:settle-unpaid": [["--dry-run=yes"], ["--force"], ["x"]],
      "legacy:grandfather-subscriptions": [
        ["--until=2026-02-30"],
        ["--until"],
        ["--until=2000-01-01"],
        ["--until=morgen"],
        ["--dry-run=1"],
        ["x"],
      ],
    };
    for (const name of NAMES) {
      const help = await run(name, "--help");
      expect([name, help.code, help.out[0]]).toEqual([name, 0, `Usage: ${COMMANDS[name]!.usage}`]);
      expect(help.out.at(-1)).toContain("Exit codes");
      for (const argv of wrong[name]!) {
        const r = await run(name, ...argv);
        expect([name, argv, r.code]).toEqual([name, argv, 2]);
        expect(r.err.at(-1)).toContain("Usage:");
      }
    }
  });

  it("legacy:grandfather-subscriptions", async () => {
    const user = await seedUser();
    const a = await seedAgreement(user.id, { periodEnd: new Date(Date.now() + 10 * DAY) });
    const year = new Date().getUTCFullYear() + 2;
    const dry = await run("legacy:grandfather-subscriptions", `--until=${year}-03-01`, "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.out).toContain(`would grandfather agreement ${a.id} (user ${user.id}) until ${year}-03-01`);
    expect(dry.out.at(-1)).toMatch(/^dry run, nothing changed: would grandfather \d+ agreements$/);
    expect((await db.userPaymentOption.findUniqueOrThrow({ where: { id: a.id } })).grandfatheredUntil).toBeNull();
    const done = await run("legacy:grandfather-subscriptions", `--until=${year}-03-01`);
    expect(done.out).toContain(`grandfathered agreement ${a.id} (user ${user.id}) until ${year}-03-01`);
    expect(berlinDay((await db.userPaymentOption.findUniqueOrThrow({ where: { id: a.id } })).grandfatheredUntil!)).toBe(`${year}-03-01`);
  });

  it("billing:expire-grandfathering ends an expired agreement; a subscription the provider will not end exits 1", async () => {
    const user = await seedUser();
    // Its next period began yesterday, after the end date; one still running is left to its end.
    const a = await seedAgreement(user.id, { grandfatheredUntil: ago(2), periodEnd: ago(1) });
    const running = await seedAgreement(user.id, { grandfatheredUntil: ago(2), periodEnd: new Date(Date.now() + 5 * DAY) });
    const r = await run("billing:expire-grandfathering");
    expect([r.code, r.out[0]]).toEqual([0, "ended 1 agreements of 1 customers, 1 mails queued"]);
    expect((await db.userPaymentOption.findUniqueOrThrow({ where: { id: a.id } })).status).toBe("cancelled");
    expect((await db.userPaymentOption.findUniqueOrThrow({ where: { id: running.id } })).status).toBe("active");
    expect((await run("billing:expire-grandfathering")).out[0]).toBe("ended 0 agreements of 0 customers, 0 mails queued");

    const card = await seedUser();
    await seedAgreement(card.id, { provider: "stripe", stripeSubscriptionId: unique("sub_unknown"), grandfatheredUntil: ago(2) });
    const failed = await run("billing:expire-grandfathering");
    expect(failed.code).toBe(1);
    expect(failed.err.at(-1)).toMatch(/^ {2}subscription sub_unknown-\w+ NOT ended at the provider \(end it there by hand\): /);
  });

  it("billing:expire-grandfathering: a renewal the provider was not told to stop is its own line, exit 1, and asked again next time", async () => {
    const user = await seedUser();
    // In its last paid period (the end date passed, the period runs on): the provider should stop renewing it.
    const card = await seedAgreement(user.id, {
      provider: "stripe",
      stripeSubscriptionId: unique("sub_unknown"),
      grandfatheredUntil: ago(2),
      periodEnd: new Date(Date.now() + 5 * DAY),
    });
    for (const attempt of [1, 2]) {
      const r = await run("billing:expire-grandfathering");
      expect([attempt, r.code, r.err.filter((l) => l.includes("NOT ended"))]).toEqual([attempt, 1, []]);
      expect(r.err.at(-1)).toMatch(
        new RegExp(
          `^ {2}subscription ${card.stripeSubscriptionId} still renews, the provider was not told \\(the next run asks again\\): `,
        ),
      );
    }
    expect(await db.activityLog.count({ where: { type: "agreement.provider_renewal_not_stopped", subjectId: String(card.id) } })).toBe(2);
    expect((await db.userPaymentOption.findUniqueOrThrow({ where: { id: card.id } })).status).toBe("active");
  });

  it("billing:run-invoices: dry run, the limit, blocked agreements listed last", async () => {
    const user = await seedUser();
    const first = await seedAgreement(user.id, { periodEnd: ago(3) });
    const second = await seedAgreement(user.id, { periodEnd: ago(2) });
    const held = await seedAgreement(user.id, { billingHoldAt: ago(5), billingHoldReason: "Adresse fehlt" });

    const dry = await run("billing:run-invoices", "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.out.filter((l) => l.startsWith("would invoice agreement"))).toHaveLength(2);
    expect(dry.out).toContain("dry run, nothing changed: would create 2 invoices, 0 skipped, 0 failed");
    expect(await db.invoice.count()).toBe(0);

    const limited = await run("billing:run-invoices", "--limit=1");
    expect(limited.code).toBe(0);
    expect(limited.out[0]).toMatch(
      new RegExp(
        `^invoiced agreement ${first.id} \\(user ${user.id}\\): MAN-\\d{4}-\\d{5} for \\d{4}-\\d{2}-\\d{2}\\.\\.\\d{4}-\\d{2}-\\d{2}$`,
      ),
    );
    expect(limited.out).toContain("created 1 invoices, 0 skipped, 0 failed; limit 1 reached, the rest waits for the next run");
    // The admin queue comes last.
    expect(limited.out.slice(-2)).toEqual([
      "blocked (billing hold): 1",
      `  agreement ${held.id} (user ${user.id}, business), held since ${berlinDay(held.billingHoldAt!)}: Adresse fehlt`,
    ]);

    const rest = await run("billing:run-invoices");
    expect(rest.out[0]).toMatch(new RegExp(`^invoiced agreement ${second.id} `));
    expect(rest.out).toContain("created 1 invoices, 0 skipped, 0 failed");
    expect(await db.invoice.count({ where: { userPaymentOptionId: held.id } })).toBe(0);
  });

  it("billing:run-invoices exits 1 when an agreement's transaction fails, after invoicing the others", async () => {
    const user = await seedUser();
    const broken = await seedAgreement(user.id, { periodEnd: ago(2) });
    const fine = await seedAgreement(user.id, { periodEnd: ago(1) });
    await db.$executeRawUnsafe(
      `CREATE OR REPLACE FUNCTION test_refuse_agreement_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`,
    );
    await db.$executeRawUnsafe(
      `CREATE TRIGGER test_refuse_agreement_update BEFORE UPDATE ON user_payment_options FOR EACH ROW WHEN (NEW.id = ${broken.id}) EXECUTE FUNCTION test_refuse_agreement_update()`,
    );
    try {
      const r = await run("billing:run-invoices");
      expect(r.code).toBe(1);
      expect(r.err).toEqual([expect.stringMatching(new RegExp(`^failed agreement ${broken.id}: .*disk full`))]);
      expect(await db.invoice.count({ where: { userPaymentOptionId: fine.id } })).toBe(1);
    } finally {
      await db.$executeRawUnsafe(`DROP TRIGGER test_refuse_agreement_update ON user_payment_options`);
    }
    const retry = await run("billing:run-invoices");
    expect([retry.code, retry.out[0]]).toEqual([0, expect.stringMatching(new RegExp(`^invoiced agreement ${broken.id} `))]);
  });

  it("legacy:settle-unpaid", async () => {
    const user = await seedUser();
    const single = await db.legacyArchiveInvoice.create({
      data: { legacyNumber: unique("RE"), userId: user.id, status: "pending", amountCents: 5000, issuedAt: ago(400) },
    });
    const dry = await run("legacy:settle-unpaid", "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.out).toContain(`${single.legacyNumber}: pending -> uncollectible`);
    expect(dry.out.at(-1)).toMatch(/^dry run, nothing changed: dropped 0, superseded 0, uncollectible 1, left 0, failed 0$/);
    expect((await db.legacyArchiveInvoice.findUniqueOrThrow({ where: { id: single.id } })).status).toBe("pending");
    const done = await run("legacy:settle-unpaid");
    expect([done.code, done.out.at(-1)]).toEqual([0, "dropped 0, superseded 0, uncollectible 1, left 0, failed 0"]);
    expect((await db.legacyArchiveInvoice.findUniqueOrThrow({ where: { id: single.id } })).status).toBe("uncollectible");
  });

  it("the jobs: expire at 04:15 and the invoice run at 04:30 Berlin, thin wrappers over the same code", async () => {
    const at = (job: string) =>
      Object.values(SCHEDULES)
        .filter((x) => x.job === job)
        .map((x) => [x.cron, x.timezone]);
    expect(at(JOB.expireGrandfathering)).toEqual([["15 4 * * *", "Europe/Berlin"]]);
    expect(at(JOB.runInvoices)).toEqual([["30 4 * * *", "Europe/Berlin"]]);
    const user = await seedUser();
    const due = await seedAgreement(user.id, { periodEnd: ago(1) });
    const steps = { run: <T>(_name: string, fn: () => Promise<T>) => fn() };
    expect(await findJob(JOB.runInvoices)!.handler({} as never, { step: steps, attempt: 1 })).toMatchObject({ created: 1 });
    expect(await db.invoice.count({ where: { userPaymentOptionId: due.id } })).toBe(1);
    const ending = await seedAgreement(user.id, { grandfatheredUntil: ago(2), periodEnd: ago(1) });
    expect(await findJob(JOB.expireGrandfathering)!.handler({} as never, { step: steps, attempt: 1 })).toMatchObject({
      expired: 1,
      failed: 0,
    });
    expect((await db.userPaymentOption.findUniqueOrThrow({ where: { id: ending.id } })).status).toBe("cancelled");
  });
});
