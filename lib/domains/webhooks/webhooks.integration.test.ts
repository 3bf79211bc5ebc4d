import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { markInvoicePaid } from "@/lib/domains/billing/invoices/mark-invoice-paid";
import { KI } from "@/lib/domains/releases/history";
import { recordLifecycleEvent } from "@/lib/domains/releases/lifecycle/record-lifecycle-event";
import { lockRelease } from "@/lib/domains/releases/lock";
import { publishLocked, publishRelease } from "@/lib/domains/releases/publish-release";
import "@/lib/runtime/release-reactions";
import { issueInvoice } from "@/tests/invoice-fixtures";
import { seedCheckedRelease, seedNewsroom } from "@/tests/release-fixtures";
import { startReceiver, type TestReceiver } from "@/tests/webhook-receiver";
import { emitImageWebhook } from "./account-events";
import { deliverDueWebhooks } from "./deliver";
import { sendTestEvent } from "./delivery-log";
import { setWebhookEndpointEnabled } from "./enable";
import { createWebhookEndpoint, rotateWebhookSecret } from "./endpoints";
import { WEBHOOK_EVENT_TYPES } from "./event-types";
import { pruneWebhookMessages } from "./prune";

// Outgoing webhooks end to end (docs/webhooks.md): real transitions commit, a real receiver on
// this machine verifies every message with the standardwebhooks library.

let receivers: TestReceiver[] = [];
const receiver = async () => {
  const r = await startReceiver();
  receivers.push(r);
  return r;
};

beforeAll(() => {
  process.env.OUTBOUND_ALLOW_LOCALHOST = "true";
  resetConfigForTests();
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
  delete process.env.OUTBOUND_ALLOW_LOCALHOST;
  resetConfigForTests();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const deliveryOf = (messageId: string) =>
  db.webhookDelivery.findFirstOrThrow({ where: { messageId }, include: { log: { orderBy: { id: "asc" } } } });
/** Makes every pending delivery due now and runs the lanes (the back-off itself is tested by its delays). */
async function runDueNow() {
  await db.webhookDelivery.updateMany({ where: { status: "pending" }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
  return deliverDueWebhooks({ budgetMs: 10_000, wakeResting: true });
}

describe("outgoing webhooks", () => {
  it("delivers every event type once per subscribed endpoint, after the commit, signed; other newsrooms hear nothing", async () => {
    const { owner, company } = await seedNewsroom({ quota: 1 });
    const other = await seedNewsroom();
    const [all, onlyPublished, foreign] = [await receiver(), await receiver(), await receiver()];
    const a = await createWebhookEndpoint({ userId: owner.id, companyId: company.id, url: all.url, eventTypes: [...WEBHOOK_EVENT_TYPES] });
    const b = await createWebhookEndpoint({
      userId: owner.id,
      companyId: company.id,
      url: onlyPublished.url,
      eventTypes: ["release.published"],
    });
    const c = await createWebhookEndpoint({
      userId: other.owner.id,
      companyId: other.company.id,
      url: foreign.url,
      eventTypes: [...WEBHOOK_EVENT_TYPES],
    });
    all.secrets = [a.secret];
    onlyPublished.secrets = [b.secret];
    foreign.secrets = [c.secret];
    expect(a.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    // Real transitions: publication (which takes the quota's last unit), depublication, an invoice issued and paid.
    const release = await seedCheckedRelease(company.id, owner.id);
    await publishRelease({ releaseId: release.id, actor: KI });
    const invoice = await issueInvoice(owner.id);
    await markInvoicePaid({ invoiceId: invoice.id });
    // The other transitions record their events through the same outbox every transition uses.
    const second = await seedCheckedRelease(company.id, owner.id);
    const others = [
      ["submitted", {}],
      ["checked", { result: "red", reasons: [{ code: "ads", severity: "red", message: "Werbung" }], attempt: 1 }],
      ["rejected", { reasons: [] }],
      ["scheduled", {}],
      ["changed", {}],
      ["corrected", {}],
      ["withdrawn", {}],
      ["depublished", {}],
      ["tombstoned", {}],
    ] as const;
    for (const [type, data] of others)
      await db.$transaction((tx) =>
        recordLifecycleEvent(tx, { releaseId: second.id, type, from: "in_review", to: "in_review", actor: KI, history: false, data }),
      );
    await db.$transaction(async (tx) => {
      await emitImageWebhook(tx, {
        companyId: company.id,
        releaseId: second.id,
        imageId: 1,
        type: "image.withheld",
        reason: "precheck",
        now: new Date(),
      });
      await emitImageWebhook(tx, {
        companyId: company.id,
        releaseId: second.id,
        imageId: 1,
        type: "image.released",
        reason: null,
        now: new Date(),
      });
    });

    const got = await all.waitFor(WEBHOOK_EVENT_TYPES.length);
    await sleep(300);
    expect(got.map((r) => r.type).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    expect(got.every((r) => r.verifiedWith === 0)).toBe(true);
    expect(new Set(got.map((r) => r.id)).size).toBe(got.length);
    expect((await onlyPublished.waitFor(1)).map((r) => r.type)).toEqual(["release.published"]);
    expect(foreign.received).toEqual([]);

    // The thin envelope: the v1 release resource as it is after the change, the check's result with its reasons.
    // The body is sent as it was recorded: the envelope's keys in their order.
    expect(got.find((r) => r.type === "release.published")!.body).toMatch(
      /^\{"type":"release\.published","timestamp":"[^"]+","data":\{"release":\{"id":/,
    );
    const published = JSON.parse(got.find((r) => r.type === "release.published")!.body);
    expect(published).toMatchObject({ type: "release.published", data: { release: { id: release.id, newsroom: { id: company.id } } } });
    const checked = JSON.parse(got.find((r) => r.type === "release.checked")!.body);
    expect(checked.data.check).toEqual({ result: "red", reasons: [{ code: "ads", severity: "red", message: "Werbung" }], attempt: 1 });
    const paid = JSON.parse(got.find((r) => r.type === "invoice.paid")!.body);
    expect(paid.data.invoice).toMatchObject({ id: invoice.id, status: "paid", gross_cents: expect.any(Number) });
    const headers = got[0]!.headers;
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(Math.abs(Number(headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);
  });

  it("a transition that rolls back sends nothing", async () => {
    const { owner, company } = await seedNewsroom();
    const hook = await receiver();
    await createWebhookEndpoint({ userId: owner.id, companyId: company.id, url: hook.url, eventTypes: ["release.published"] });
    const release = await seedCheckedRelease(company.id, owner.id);
    await expect(
      db.$transaction(async (tx) => {
        await publishLocked(tx, await lockRelease(tx, release.id), { actor: KI, now: new Date() });
        throw new Error("the caller changed its mind");
      }),
    ).rejects.toThrow("changed its mind");
    await deliverDueWebhooks({ budgetMs: 2000 });
    await sleep(300);
    expect(hook.received).toEqual([]);
    expect(await db.webhookMessage.count({ where: { companyId: company.id } })).toBe(0);
  });

  it("a receiver that fails twice and then answers gets the same webhook-id three times", async () => {
    const { owner, company } = await seedNewsroom();
    const hook = await receiver();
    hook.answers = [500, 503];
    const { endpoint, secret } = await createWebhookEndpoint({
      userId: owner.id,
      companyId: company.id,
      url: hook.url,
      eventTypes: ["release.published"],
    });
    hook.secrets = [secret];
    const { messageId } = await sendTestEvent({ userId: owner.id, endpointId: endpoint.id });
    await hook.waitFor(1);
    await sleep(200);
    expect(await deliveryOf(messageId)).toMatchObject({ status: "pending", attempts: 1 });
    await runDueNow();
    await runDueNow();
    const got = await hook.waitFor(3);
    expect(got.map((r) => [r.id, r.status, r.verifiedWith])).toEqual([
      [messageId, 500, 0],
      [messageId, 503, 0],
      [messageId, 204, 0],
    ]);
    const delivery = await deliveryOf(messageId);
    expect(delivery).toMatchObject({ status: "succeeded", attempts: 3 });
    expect(delivery.log.map((l) => [l.statusCode, l.succeeded, l.trigger])).toEqual([
      [500, false, "first"],
      [503, false, "retry"],
      [204, true, "retry"],
    ]);
    expect(delivery.log[0]!.responseExcerpt).toBe("receiver says no");
    // The failures ended with the success: the endpoint is healthy again.
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).failingSince).toBeNull();
  });

  it("after a rotation both secrets sign for 24 hours, then only the new one", async () => {
    const { owner, company } = await seedNewsroom();
    const hook = await receiver();
    const created = await createWebhookEndpoint({
      userId: owner.id,
      companyId: company.id,
      url: hook.url,
      eventTypes: ["release.published"],
    });
    const rotated = await rotateWebhookSecret({ userId: owner.id, endpointId: created.endpoint.id });
    expect(rotated.secret).not.toBe(created.secret);
    expect(rotated.endpoint.previousSecretExpiresAt!.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);

    hook.secrets = [created.secret];
    await sendTestEvent({ userId: owner.id, endpointId: created.endpoint.id });
    const [first] = await hook.waitFor(1);
    expect(first!.verifiedWith).toBe(0);
    expect(String(first!.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    hook.secrets = [rotated.secret];
    await sendTestEvent({ userId: owner.id, endpointId: created.endpoint.id });
    expect((await hook.waitFor(2))[1]!.verifiedWith).toBe(0);

    // A day later the old secret no longer signs.
    await db.webhookEndpoint.update({ where: { id: created.endpoint.id }, data: { previousSecretExpiresAt: new Date(Date.now() - 1) } });
    hook.secrets = [created.secret, rotated.secret];
    await sendTestEvent({ userId: owner.id, endpointId: created.endpoint.id });
    const third = (await hook.waitFor(3))[2]!;
    expect(String(third.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(third.verifiedWith).toBe(1);
  });

  it("three days of failures switch the endpoint off and mail the owner; switched on with replay, it gets what it missed", async () => {
    const { owner, company } = await seedNewsroom();
    const hook = await receiver();
    hook.answers = [500, 500];
    const { endpoint, secret } = await createWebhookEndpoint({
      userId: owner.id,
      companyId: company.id,
      url: hook.url,
      eventTypes: ["release.published"],
    });
    hook.secrets = [secret];
    const { messageId } = await sendTestEvent({ userId: owner.id, endpointId: endpoint.id });
    await hook.waitFor(1);
    await sleep(200);
    // It has been failing for three days when the next attempt fails too.
    await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { failingSince: new Date(Date.now() - 72 * 3600_000 - 1000) } });
    await runDueNow();
    await hook.waitFor(2);
    await sleep(200);
    const off = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(off).toMatchObject({ enabled: false, disabledReason: "failing" });
    expect(await db.mailOutbox.count({ where: { to: owner.email, mailType: "webhook_endpoint_disabled" } })).toBe(1);

    // While it is off, a publication is recorded but not sent.
    const release = await seedCheckedRelease(company.id, owner.id);
    await publishRelease({ releaseId: release.id, actor: KI });
    await runDueNow();
    expect(hook.received).toHaveLength(2);

    const { replayed } = await setWebhookEndpointEnabled({ userId: owner.id, endpointId: endpoint.id, enabled: true, replay: true });
    expect(replayed).toBe(2);
    const got = await hook.waitFor(4);
    expect(
      got
        .slice(2)
        .map((r) => r.type)
        .sort(),
    ).toEqual(["release.published", "webhook.test"]);
    expect(got.slice(2).find((r) => r.type === "webhook.test")!.id).toBe(messageId);
    expect(got.every((r) => r.verifiedWith === 0)).toBe(true);
  });

  it("twenty-five creations at once leave the newsroom's twenty endpoints, no more", async () => {
    const { owner, company } = await seedNewsroom();
    const hook = await receiver();
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, (_, i) =>
        createWebhookEndpoint({ userId: owner.id, companyId: company.id, url: `${hook.url}?n=${i}`, eventTypes: ["release.published"] }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(20);
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(
      Array(5).fill("conflict"),
    );
    expect(await db.webhookEndpoint.count({ where: { companyId: company.id } })).toBe(20);
  });

  it("an invoice without agreement reaches only newsrooms its account owns alone; a removed newsroom hears nothing", async () => {
    const { owner, company } = await seedNewsroom({ quota: 0 });
    const shared = await seedNewsroom({ quota: 0 });
    // The account is a co-owner of the other newsroom: that newsroom's endpoint must not see its invoices.
    await db.companyUser.create({ data: { companyId: shared.company.id, userId: owner.id, role: "owner", grantedVia: "manual" } });
    const [own, coOwned] = [await receiver(), await receiver()];
    await createWebhookEndpoint({ userId: owner.id, companyId: company.id, url: own.url, eventTypes: ["invoice.issued"] });
    await createWebhookEndpoint({
      userId: shared.owner.id,
      companyId: shared.company.id,
      url: coOwned.url,
      eventTypes: ["invoice.issued"],
    });
    await issueInvoice(owner.id);
    expect((await own.waitFor(1)).map((r) => r.type)).toEqual(["invoice.issued"]);
    await sleep(300);
    expect(coOwned.received).toEqual([]);

    await db.company.update({ where: { id: company.id }, data: { goneAt: new Date() } });
    await issueInvoice(owner.id);
    await deliverDueWebhooks({ budgetMs: 2000 });
    await sleep(300);
    expect(own.received).toHaveLength(1);
  });

  it("messages older than 30 days go, with their deliveries and log", async () => {
    const { owner, company } = await seedNewsroom();
    const hook = await receiver();
    const { endpoint } = await createWebhookEndpoint({
      userId: owner.id,
      companyId: company.id,
      url: hook.url,
      eventTypes: ["release.published"],
    });
    const old = await sendTestEvent({ userId: owner.id, endpointId: endpoint.id });
    const fresh = await sendTestEvent({ userId: owner.id, endpointId: endpoint.id });
    await hook.waitFor(2);
    await sleep(200);
    await db.webhookMessage.update({ where: { id: old.messageId }, data: { createdAt: new Date(Date.now() - 31 * 86_400_000) } });
    const { deleted } = await pruneWebhookMessages();
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(await db.webhookMessage.findUnique({ where: { id: old.messageId } })).toBeNull();
    expect(await db.webhookDelivery.count({ where: { messageId: old.messageId } })).toBe(0);
    expect(await db.webhookDelivery.count({ where: { messageId: fresh.messageId } })).toBe(1);
  });
});
