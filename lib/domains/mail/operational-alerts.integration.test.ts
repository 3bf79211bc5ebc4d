import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db/client";
import { unique } from "@/tests/factories";
import { startPushServer, type PushServer } from "@/tests/alert-push-server";
import { raiseAlert } from "./operational-alerts";
import { configureEnv } from "@/tests/test-env";

let push: PushServer;

beforeAll(async () => {
  push = await startPushServer();
});

afterAll(async () => {
  await push.close();
});

beforeEach(() => {
  push.received.length = 0;
  push.answer = 204;
  configureEnv({
    ALERT_PUSH_URL: push.url,
    ALERT_MAIL_TO: "ops@pressdesk.example, oncall@pressdesk.example",
    ALERT_COOLDOWN_MINUTES: "30",
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  configureEnv({ ALERT_PUSH_URL: undefined, ALERT_MAIL_TO: undefined, ALERT_COOLDOWN_MINUTES: undefined });
});

describe("raiseAlert", () => {
  it("posts the alert as JSON to the push service and mails every operator", async () => {
    const key = unique("alert");
    const before = Date.now();
    expect(await raiseAlert({ key, subject: "Disk almost full", detail: "92 % used on /data" })).toEqual({ sent: true });
    expect(push.received).toHaveLength(1);
    const { headers, body } = push.received[0]!;
    expect(headers["content-type"]).toBe("application/json");
    expect(body).toEqual({ key, subject: "Disk almost full", detail: "92 % used on /data", at: expect.any(String), service: "pressdesk" });
    expect(Date.parse((body as { at: string }).at)).toBeGreaterThanOrEqual(before - 1000);
    const mails = await db.mailOutbox.findMany({
      where: { mailType: "operational_alert", subject: "[Pressdesk] Disk almost full" },
      select: { to: true, text: true },
    });
    expect(mails.map((m) => m.to).sort()).toEqual(["oncall@pressdesk.example", "ops@pressdesk.example"]);
    expect(mails[0]!.text).toContain("92 % used on /data");
  });

  it("sends one alert per key within the cool-down, even when raised concurrently", async () => {
    const key = unique("burst");
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => raiseAlert({ key, subject: "Burst", detail: `failure ${i}` })));
    expect(results.filter((r) => r.sent)).toHaveLength(1);
    expect(push.received).toHaveLength(1);
    expect(await raiseAlert({ key, subject: "Burst", detail: "later" })).toEqual({ sent: false });
    // Another key has its own cool-down.
    expect(await raiseAlert({ key: unique("other"), subject: "Other", detail: "x" })).toEqual({ sent: true });
    expect(push.received).toHaveLength(2);
    expect(await db.operationalAlert.findUnique({ where: { key }, select: { count: true } })).toEqual({ count: 1 });
  });

  it("sends again once the cool-down has passed", async () => {
    const key = unique("again");
    await raiseAlert({ key, subject: "First", detail: "one" });
    await db.operationalAlert.update({ where: { key }, data: { lastSentAt: new Date(Date.now() - 31 * 60_000) } });
    expect(await raiseAlert({ key, subject: "Second", detail: "two" })).toEqual({ sent: true });
    expect(await db.operationalAlert.findUnique({ where: { key }, select: { count: true, lastDetail: true } })).toEqual({
      count: 2,
      lastDetail: "two",
    });
    expect(push.received.map((r) => (r.body as { subject: string }).subject)).toEqual(["First", "Second"]);
  });

  it("logs a failing or unreachable push service and never throws", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    push.answer = 503;
    expect(await raiseAlert({ key: unique("down"), subject: "x", detail: "y" })).toEqual({ sent: true });
    configureEnv({ ALERT_PUSH_URL: "http://127.0.0.1:1/alerts" });
    expect(await raiseAlert({ key: unique("refused"), subject: "x", detail: "y" })).toEqual({ sent: true });
    expect(logged.mock.calls.map((c) => String(c[0]))).toEqual([
      expect.stringContaining("push service answered 503"),
      expect.stringContaining("push failed"),
    ]);
  });

  it("gives up on a push service that does not answer within 5 seconds", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    push.answer = "hang";
    const started = Date.now();
    expect(await raiseAlert({ key: unique("hang"), subject: "x", detail: "y" })).toEqual({ sent: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(4900);
    expect(Date.now() - started).toBeLessThan(8000);
    expect(String(logged.mock.calls[0]?.[0])).toContain("push failed");
  });

  it("does nothing but record the alert when neither channel is configured", async () => {
    configureEnv({ ALERT_PUSH_URL: undefined, ALERT_MAIL_TO: undefined });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const key = unique("quiet");
    expect(await raiseAlert({ key, subject: "Quiet", detail: "z" })).toEqual({ sent: true });
    expect(push.received).toEqual([]);
    expect(await db.mailOutbox.count({ where: { subject: "[Pressdesk] Quiet" } })).toBe(0);
  });
});
