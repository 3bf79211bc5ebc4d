import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as resendWebhook } from "@/app/api/webhooks/resend/route";
import { GET as health } from "@/app/health/route";
import { POST as stripeWebhook } from "@/app/api/webhooks/stripe/route";
import { db } from "@/lib/core/db/client";
import { recordHeartbeat, SCHEDULER_HEARTBEAT } from "@/lib/core/jobs/heartbeat";
import { recordRelayRejection } from "@/lib/domains/mail/circuit-breaker";
import { startPushServer, type PushServer } from "@/tests/alert-push-server";
import { runCommand } from "@/tests/console-run";
import { watchAfterHealthCheck } from "@/lib/adapters/operations/health-watch";
import { checkHealth } from "@/lib/adapters/operations/health";
import { ALERT_KEYS, watchOperations, type AlertKey } from "@/lib/adapters/operations/watch-operations";
import { observeWebhook, WEBHOOK_FAILURE_LIMITS } from "@/lib/adapters/operations/webhook-failures";
import { configureEnv } from "@/tests/test-env";

// Acceptance of the operational alerts (spec 6.3): each condition raises exactly one alert per
// cool-down, by mail (an outbox row to ALERT_MAIL_TO) and by JSON POST (a local push server),
// however often and however concurrently the watch runs.

const OPERATOR = "ops@pressdesk.example";
const COOLDOWN_MINUTES = 30;
let push: PushServer;

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
const pushed = (key: AlertKey) => push.received.filter((r) => (r.body as { key: string }).key === key);
const mailed = (subject: string) =>
  db.mailOutbox.findMany({ where: { mailType: "operational_alert", subject: `[Pressdesk] ${subject}` }, select: { to: true, text: true } });
const finding = async (key: AlertKey) => (await watchOperations()).findings.find((f) => f.key === key)!;

/** Several runs one after another, then several at once: what a busy minute of watches looks like. */
async function watchHard(): Promise<void> {
  for (let i = 0; i < 3; i++) await watchOperations();
  await Promise.all(Array.from({ length: 6 }, () => watchOperations()));
}

async function passCooldown(key: AlertKey): Promise<void> {
  await db.operationalAlert.update({ where: { key }, data: { lastSentAt: minutesAgo(COOLDOWN_MINUTES + 1) } });
}

beforeAll(async () => {
  push = await startPushServer();
});

afterAll(async () => {
  await push.close();
});

beforeEach(async () => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  push.received.length = 0;
  configureEnv({ ALERT_PUSH_URL: push.url, ALERT_MAIL_TO: OPERATOR, ALERT_COOLDOWN_MINUTES: String(COOLDOWN_MINUTES) });
  await recordHeartbeat();
});

afterEach(async () => {
  vi.restoreAllMocks();
  configureEnv({ ALERT_PUSH_URL: undefined, ALERT_MAIL_TO: undefined, ALERT_COOLDOWN_MINUTES: undefined, INNGEST_EVENT_KEY: undefined });
  await db.operationalAlert.deleteMany({});
  await db.jobHeartbeat.deleteMany({});
  await db.jobQueue.deleteMany({});
  await db.webhookFailure.deleteMany({});
  await db.mailCircuit.deleteMany({});
  await db.emailBounce.deleteMany({});
  await db.mailOutbox.deleteMany({});
});

describe("a silent scheduler", () => {
  it("alerts once per cool-down by mail and push, however often and concurrently the watch runs", async () => {
    await recordHeartbeat(SCHEDULER_HEARTBEAT, minutesAgo(40));
    await watchHard();
    expect(pushed(ALERT_KEYS.schedulerSilent)).toHaveLength(1);
    expect(pushed(ALERT_KEYS.schedulerSilent)[0]!.body).toMatchObject({
      subject: "Scheduler silent",
      detail: expect.stringContaining("last heartbeat 40 min ago"),
      service: "pressdesk",
    });
    const mails = await mailed("Scheduler silent");
    expect(mails.map((m) => m.to)).toEqual([OPERATOR]);
    expect(mails[0]!.text).toContain("last heartbeat 40 min ago");
    expect(await finding(ALERT_KEYS.schedulerSilent)).toMatchObject({ firing: true, sent: false });

    // The cool-down runs out while the scheduler is still silent: exactly one more, even from concurrent runs.
    await passCooldown(ALERT_KEYS.schedulerSilent);
    await Promise.all(Array.from({ length: 6 }, () => watchOperations()));
    await watchHard();
    expect(pushed(ALERT_KEYS.schedulerSilent)).toHaveLength(2);
    expect(await mailed("Scheduler silent")).toHaveLength(2);
    expect(await db.operationalAlert.findUnique({ where: { key: ALERT_KEYS.schedulerSilent }, select: { count: true } })).toEqual({
      count: 2,
    });

    // A fresh beat ends it: nothing more is sent, however long one waits.
    await recordHeartbeat();
    await passCooldown(ALERT_KEYS.schedulerSilent);
    expect(await finding(ALERT_KEYS.schedulerSilent)).toMatchObject({ firing: false, sent: false });
    expect(pushed(ALERT_KEYS.schedulerSilent)).toHaveLength(2);
  });

  it("counts a heartbeat never recorded only once the service has run longer than the limit", async () => {
    await db.jobHeartbeat.deleteMany({});
    // This test process started moments ago and nothing was ever recorded: a fresh install.
    expect(await finding(ALERT_KEYS.schedulerSilent)).toMatchObject({ firing: false, detail: expect.stringMatching(/^no heartbeat yet/) });
    // Other jobs have run for 20 minutes, yet the scheduler never beat once.
    await db.jobHeartbeat.create({ data: { name: "mail/deliver", lastRunAt: minutesAgo(1), firstRunAt: minutesAgo(20) } });
    expect(await finding(ALERT_KEYS.schedulerSilent)).toMatchObject({
      firing: true,
      sent: true,
      detail: expect.stringContaining("no heartbeat recorded"),
    });
    expect(pushed(ALERT_KEYS.schedulerSilent)).toHaveLength(1);
  });
});

describe("a tripped mail circuit breaker", () => {
  it("alerts once when it trips; the watch finding it still open adds nothing within the cool-down and one after it", async () => {
    configureEnv({ MAIL_CIRCUIT_THRESHOLD: "3" });
    try {
      for (let i = 0; i < 3; i++)
        await recordRelayRejection({ detail: `550 5.7.1 relaying denied ${i}`, source: "sender", email: `r${i}@example.org` });
    } finally {
      configureEnv({ MAIL_CIRCUIT_THRESHOLD: undefined });
    }
    expect(pushed(ALERT_KEYS.mailCircuitOpen)).toHaveLength(1);
    expect(pushed(ALERT_KEYS.mailCircuitOpen)[0]!.body).toMatchObject({ subject: "Mail sending halted" });

    await watchHard();
    expect(pushed(ALERT_KEYS.mailCircuitOpen)).toHaveLength(1);
    expect((await mailed("Mail sending halted")).map((m) => m.to)).toEqual([OPERATOR]);
    // Mail held back by the open circuit is the circuit's alert, not a second one about waiting mail.
    expect(pushed(ALERT_KEYS.mailBacklog)).toEqual([]);

    await passCooldown(ALERT_KEYS.mailCircuitOpen);
    await watchHard();
    expect(pushed(ALERT_KEYS.mailCircuitOpen)).toHaveLength(2);
    expect(pushed(ALERT_KEYS.mailCircuitOpen)[1]!.body).toMatchObject({ detail: expect.stringContaining("relaying denied 2") });
    expect(await mailed("Mail sending halted")).toHaveLength(2);
  });
});

describe("queue backlog", () => {
  it("embedded default: a due job waiting too long raises the alert, once", async () => {
    await db.jobQueue.create({ data: { name: "release/review", payload: {}, status: "pending", runAt: minutesAgo(30) } });
    await watchHard();
    expect(pushed(ALERT_KEYS.queueBacklog)).toHaveLength(1);
    expect(pushed(ALERT_KEYS.queueBacklog)[0]!.body).toMatchObject({
      subject: "Job backlog",
      detail: expect.stringContaining("queue: 1 due jobs waiting, oldest 30 min"),
    });
    expect(await mailed("Job backlog")).toHaveLength(1);
  });

  it("on Inngest: the local table is not the queue; nothing fires on it", async () => {
    configureEnv({ INNGEST_EVENT_KEY: "test-event-key" });
    await db.jobQueue.create({ data: { name: "release/review", payload: {}, status: "pending", runAt: minutesAgo(30) } });
    expect(await finding(ALERT_KEYS.queueBacklog)).toMatchObject({ firing: false });
  });
});

describe("webhook failures", () => {
  const forgedStripe = () =>
    stripeWebhook(
      new Request("http://hub.localhost/api/webhooks/stripe", {
        method: "POST",
        headers: { "stripe-signature": "t=1,v1=forged" },
        body: "{}",
      }),
    );
  const failingStripe = () =>
    observeWebhook("stripe", () => Promise.reject(new Error("checkout.session.completed not booked: deadlock detected")));

  it("refused signatures alert at the threshold, not below it", async () => {
    for (let i = 1; i < WEBHOOK_FAILURE_LIMITS.signatures; i++) expect((await forgedStripe()).status).toBe(400);
    expect(await finding(ALERT_KEYS.stripeWebhookSignature)).toMatchObject({
      firing: false,
      detail: `stripe signature: ${WEBHOOK_FAILURE_LIMITS.signatures - 1} in ${WEBHOOK_FAILURE_LIMITS.windowMinutes} min (alert at ${WEBHOOK_FAILURE_LIMITS.signatures})`,
    });
    // Concurrent refusals all count (one row per minute, incremented in place).
    await Promise.all([forgedStripe(), forgedStripe()]);
    await watchHard();
    expect(pushed(ALERT_KEYS.stripeWebhookSignature)).toHaveLength(1);
    expect(pushed(ALERT_KEYS.stripeWebhookSignature)[0]!.body).toMatchObject({
      detail: expect.stringContaining(
        `${WEBHOOK_FAILURE_LIMITS.signatures + 1} Stripe deliveries refused for their signature. A stranger probing the address causes this too; if it lasts, a rotated signing secret (STRIPE_WEBHOOK_SECRET)`,
      ),
    });
    expect(await mailed("Stripe webhook signatures refused")).toHaveLength(1);
  });

  it("a stranger's forged POSTs neither hold back the alert for real processing failures nor grow the tables", async () => {
    // The stranger: a flood of forged requests, some at once, keeping the signature alert in its cool-down.
    for (let i = 0; i < 3; i++) await Promise.all(Array.from({ length: 20 }, () => forgedStripe()));
    expect(await finding(ALERT_KEYS.stripeWebhookSignature)).toMatchObject({ firing: true, sent: true });
    // One counter row per source, kind and minute (two if the flood crossed a minute), whatever the request said.
    const rows = await db.webhookFailure.findMany({ where: { source: "stripe", kind: "signature" } });
    expect(rows.length).toBeLessThanOrEqual(2);
    expect(rows.reduce((n, r) => n + r.count, 0)).toBe(60);
    expect(await db.webhookFailure.count()).toBe(rows.length);

    // Then signed payments really fail to process, inside the signature alert's cool-down: that alert goes out now.
    for (let i = 0; i < WEBHOOK_FAILURE_LIMITS.errors; i++) await expect(failingStripe()).rejects.toThrow("deadlock detected");
    expect(await finding(ALERT_KEYS.stripeWebhookProcessing)).toMatchObject({ firing: true, sent: true });
    expect(pushed(ALERT_KEYS.stripeWebhookProcessing)).toHaveLength(1);
    expect((pushed(ALERT_KEYS.stripeWebhookProcessing)[0]!.body as { detail: string }).detail).toBe(
      `Within ${WEBHOOK_FAILURE_LIMITS.windowMinutes} minutes: ${WEBHOOK_FAILURE_LIMITS.errors} signed Stripe deliveries failed to process (last: checkout.session.completed not booked: deadlock detected).`,
    );
    expect(await mailed("Stripe webhooks fail to process")).toHaveLength(1);
    // The stranger keeps going: the signature key stays in its cool-down, and the set of alert keys is fixed.
    await Promise.all(Array.from({ length: 20 }, () => forgedStripe()));
    await watchHard();
    expect(pushed(ALERT_KEYS.stripeWebhookSignature)).toHaveLength(1);
    expect(
      (
        await db.operationalAlert.findMany({
          where: { key: { startsWith: "webhook_failures" } },
          select: { key: true },
          orderBy: { key: "asc" },
        })
      ).map((a) => a.key),
    ).toEqual([ALERT_KEYS.stripeWebhookProcessing, ALERT_KEYS.stripeWebhookSignature]);
  });

  it("signed deliveries that fail to process alert sooner; the detail names no address", async () => {
    const failing = () =>
      observeWebhook("resend", () => Promise.reject(new Error("bounce for someone@example.org not recorded: deadlock detected")));
    for (let i = 0; i < WEBHOOK_FAILURE_LIMITS.errors; i++) await expect(failing()).rejects.toThrow("deadlock detected");
    expect(await finding(ALERT_KEYS.resendWebhookProcessing)).toMatchObject({ firing: true, sent: true });
    const detail = (pushed(ALERT_KEYS.resendWebhookProcessing)[0]!.body as { detail: string }).detail;
    expect(detail).toContain("3 signed Resend deliveries failed to process (last: bounce for [email] not recorded: deadlock detected)");
    expect(detail).not.toContain("someone@example.org");
  });

  it("an endpoint that is switched off (Resend without its secret, 404) counts nothing", async () => {
    configureEnv({ RESEND_WEBHOOK_SECRET: undefined });
    const res = await resendWebhook(new Request("http://hub.localhost/api/webhooks/resend", { method: "POST", body: "{}" }));
    expect(res.status).toBe(404);
    expect(await db.webhookFailure.count()).toBe(0);
  });
});

describe("where the watch runs", () => {
  it("GET /health starts it at most once a minute per process, reusing its report", async () => {
    const report = await checkHealth();
    // Clock values near the epoch: after this, real calls pass the throttle again (the next test needs one).
    const t0 = 1_000;
    expect(watchAfterHealthCheck(report, t0)).toBe(true);
    expect(watchAfterHealthCheck(report, t0 + 30_000)).toBe(false);
    expect(watchAfterHealthCheck(report, t0 + 61_000)).toBe(true);
  });

  it("a stranger calling /health without the token learns nothing and starts no watch", async () => {
    configureEnv({ APP_VERSION: "2026.11.9" });
    await recordHeartbeat(SCHEDULER_HEARTBEAT, minutesAgo(40));
    for (const authorization of [undefined, "Bearer wrong", "Basic ZGV2LWhlYWx0aC10b2tlbg=="]) {
      const res = await health(new Request("http://hub.localhost/health", { headers: authorization ? { authorization } : {} }));
      expect(res.status).toBe(401);
      const text = await res.text();
      expect(Object.keys(JSON.parse(text) as object)).toEqual(["error"]);
      expect(text).not.toMatch(/2026\.11\.9|scheduler|heartbeat|database/);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(push.received).toEqual([]);
    expect(await db.operationalAlert.count()).toBe(0);
    // The operator's monitor, with the token, does start it (so the silence above was the refusal, not the throttle).
    const res = await health(new Request("http://hub.localhost/health", { headers: { authorization: "Bearer dev-health-token" } }));
    expect(res.status).toBe(503);
    await expect.poll(() => pushed(ALERT_KEYS.schedulerSilent).length).toBe(1);
    configureEnv({ APP_VERSION: undefined });
  });

  it("the console command runs the same watch: findings per rule, exit 0 while alerts fire", async () => {
    await recordHeartbeat(SCHEDULER_HEARTBEAT, minutesAgo(40));
    const first = await runCommand("ops:watch");
    expect(first.code).toBe(0);
    expect(first.out.find((l) => l.startsWith("scheduler_silent"))).toMatch(/ALERT sent\s+last heartbeat 40 min ago/);
    expect(first.out.find((l) => l.startsWith("mail_circuit_open"))).toMatch(/ok\s+closed/);
    expect(first.out.at(-1)).toBe(`channels: mail on, push on; cool-down ${COOLDOWN_MINUTES} min`);
    expect((await runCommand("ops:watch")).out.find((l) => l.startsWith("scheduler_silent"))).toContain("ALERT held (cool-down)");
    expect(pushed(ALERT_KEYS.schedulerSilent)).toHaveLength(1);
    expect((await runCommand("ops:watch", "--help")).code).toBe(0);
    expect((await runCommand("ops:watch", "--now")).code).toBe(2);
  });

  it("about prints the version with its source and every health check", async () => {
    configureEnv({ APP_VERSION: "2026.11.7" });
    try {
      const { code, out } = await runCommand("about");
      expect(code).toBe(0);
      expect(out).toContain("  version     2026.11.7 (from APP_VERSION)");
      expect(out).toContain("Health: ok");
      for (const name of ["database", "cache", "queue", "overdue", "scheduler", "mail", "disk"])
        expect(out.some((l) => l.startsWith(`  ${name.padEnd(11)} ok`))).toBe(true);
    } finally {
      configureEnv({ APP_VERSION: undefined });
    }
  });
});
