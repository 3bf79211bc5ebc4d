import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getConfig, resetConfigForTests } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { startPushServer, type PushServer } from "@/tests/alert-push-server";
import { circuitState, closeCircuit, isSendingHalted, recordRelayRejection } from "./circuit-breaker";

let push: PushServer;

beforeAll(async () => {
  push = await startPushServer();
  process.env.ALERT_PUSH_URL = push.url;
  process.env.ALERT_MAIL_TO = "ops@pressdesk.example";
  resetConfigForTests();
});

afterAll(async () => {
  delete process.env.ALERT_PUSH_URL;
  delete process.env.ALERT_MAIL_TO;
  resetConfigForTests();
  await push.close();
});

beforeEach(async () => {
  // The circuit, its rejections and the alert cool-down are shared state: each test starts clean.
  await db.emailBounce.deleteMany({ where: { isRelay: true } });
  await db.mailCircuit.deleteMany();
  await db.operationalAlert.deleteMany();
  await db.mailOutbox.deleteMany({ where: { mailType: "operational_alert" } });
  push.received.length = 0;
});

const reject = (n: number) =>
  recordRelayRejection({ detail: `550 5.7.1 Relaying denied (${n})`, source: "sender", email: `rcpt${n}@example.org` });

describe("mail circuit breaker", () => {
  it("stays closed below the threshold", async () => {
    const { threshold } = getConfig().mail.circuit;
    for (let i = 1; i < threshold; i++) await reject(i);
    expect(await isSendingHalted()).toEqual({ halted: false, until: null });
    expect(await db.emailBounce.count({ where: { isRelay: true, signed: true, kind: "policy", source: "provider_event" } })).toBe(
      threshold - 1,
    );
  });

  it("opens once and alerts once when 20 relay rejections arrive at the same time", async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => reject(i)));
    const { halted, until } = await isSendingHalted();
    expect(halted).toBe(true);
    const { openMinutes } = getConfig().mail.circuit;
    expect(until!.getTime() - Date.now()).toBeGreaterThan((openMinutes - 1) * 60_000);
    expect(until!.getTime() - Date.now()).toBeLessThanOrEqual(openMinutes * 60_000);
    expect(await db.emailBounce.count({ where: { isRelay: true } })).toBe(20);

    expect(push.received).toHaveLength(1);
    expect(push.received[0]!.body).toMatchObject({ key: "mail_circuit_open", subject: "Mail sending halted", service: "pressdesk" });
    expect(await db.operationalAlert.findMany({ select: { key: true, count: true } })).toEqual([{ key: "mail_circuit_open", count: 1 }]);
    expect(await db.mailOutbox.count({ where: { mailType: "operational_alert", to: "ops@pressdesk.example" } })).toBe(1);

    // Further rejections while open neither reopen it nor alert again.
    const before = (await circuitState()).openedAt;
    await reject(99);
    expect((await circuitState()).openedAt).toEqual(before);
    expect(push.received).toHaveLength(1);
  });

  it("resumes by itself once open_until has passed", async () => {
    for (let i = 0; i < getConfig().mail.circuit.threshold; i++) await reject(i);
    expect((await isSendingHalted()).halted).toBe(true);
    await db.mailCircuit.update({ where: { id: 1 }, data: { openUntil: new Date(Date.now() - 1000) } });
    expect(await isSendingHalted()).toEqual({ halted: false, until: null });
  });

  it("closes for an operator, and only new rejections open it again", async () => {
    const { threshold } = getConfig().mail.circuit;
    for (let i = 0; i < threshold; i++) await reject(i);
    expect(await closeCircuit()).toBe(true);
    expect((await isSendingHalted()).halted).toBe(false);
    expect(await closeCircuit()).toBe(false);
    // The rejections that opened it lie before the close: one more does not reopen it.
    await reject(100);
    expect((await isSendingHalted()).halted).toBe(false);
    for (let i = 1; i < threshold; i++) await reject(100 + i);
    expect((await isSendingHalted()).halted).toBe(true);
  });

  it("drops a repeated report of one rejection", async () => {
    for (let i = 0; i < 3; i++)
      await recordRelayRejection({ detail: "domain not verified", source: "resend", externalId: "resend:msg_same:a@example.org" });
    expect(await db.emailBounce.count({ where: { isRelay: true } })).toBe(1);
  });
});
