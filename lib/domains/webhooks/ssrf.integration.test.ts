import { beforeAll, describe, expect, it, vi } from "vitest";
import { resetConfigForTests } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { seedNewsroom } from "@/tests/release-fixtures";
import { deliverDueWebhooks } from "./deliver";
import { sendTestEvent } from "./delivery-log";
import { createWebhookEndpoint } from "./endpoints";

// The attacker owns a newsroom and points its webhook at our own network (docs/webhooks.md "No
// SSRF"): refused when the endpoint is saved, and again at every attempt after DNS, so a name
// that resolved to a public address at creation and to a private one at delivery gets nothing.

const dns = vi.hoisted(() => ({ answers: new Map<string, string[]>() }));
vi.mock("node:dns", async (original) => {
  const real = await original<typeof import("node:dns")>();
  class Resolver {
    async resolve4(hostname: string) {
      const answer = dns.answers.get(hostname)?.filter((a) => !a.includes(":"));
      if (!answer?.length) throw Object.assign(new Error(`queryA ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
      return answer;
    }
    async resolve6(hostname: string) {
      const answer = dns.answers.get(hostname)?.filter((a) => a.includes(":"));
      if (!answer?.length) throw Object.assign(new Error(`queryAaaa ENODATA ${hostname}`), { code: "ENODATA" });
      return answer;
    }
  }
  const promises = { ...real.promises, Resolver };
  return { ...real, default: { ...real, promises }, promises };
});

beforeAll(() => {
  // Production mode: a real database and no loopback allowance.
  delete process.env.OUTBOUND_ALLOW_LOCALHOST;
  resetConfigForTests();
});

const PRIVATE_URLS = [
  "https://10.1.2.3/hook",
  "https://127.0.0.1/hook",
  "https://127.8.9.10/hook",
  "https://169.254.169.254/latest/meta-data",
  "https://[::1]/hook",
  "https://[fc00::1]/hook",
  "https://[fd12:3456::1]/hook",
  "https://[::ffff:10.0.0.1]/hook",
  "https://[::ffff:127.0.0.1]/hook",
  "https://0x7f.1/hook",
  "https://2130706433/hook",
  "http://localhost:3000/hook",
  "http://example.com/hook",
  "https://user:pw@example.com/hook",
];

describe("webhook endpoints and our own network", () => {
  it.each(PRIVATE_URLS)("refuses %s when the endpoint is saved", async (url) => {
    const { owner, company } = await seedNewsroom();
    await expect(
      createWebhookEndpoint({ userId: owner.id, companyId: company.id, url, eventTypes: ["release.published"] }),
    ).rejects.toMatchObject({
      code: "validation_failed",
      issues: [{ path: "url", message: expect.any(String) }],
    });
    expect(await db.webhookEndpoint.count({ where: { companyId: company.id } })).toBe(0);
  });

  it.each([
    ["a private address", ["10.0.0.7"]],
    ["a link-local address", ["169.254.169.254"]],
    ["IPv6 loopback", ["::1"]],
    ["a unique local IPv6 address", ["fd00::5"]],
    ["a mapped IPv4 private address", ["::ffff:192.168.1.1"]],
    ["a public and a private address", ["93.184.216.34", "127.0.0.1"]],
  ])("a name that resolves to %s at delivery time is not contacted, whatever it resolved to before", async (_label, addresses) => {
    const { owner, company } = await seedNewsroom();
    const host = `rebind-${Math.random().toString(36).slice(2)}.example`;
    dns.answers.set(host, ["93.184.216.34"]);
    const { endpoint } = await createWebhookEndpoint({
      userId: owner.id,
      companyId: company.id,
      url: `https://${host}/hook`,
      eventTypes: ["release.published"],
    });
    dns.answers.set(host, addresses);
    const { messageId } = await sendTestEvent({ userId: owner.id, endpointId: endpoint.id });
    await deliverDueWebhooks({ budgetMs: 5000 });
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { messageId }, include: { log: true } });
    expect(delivery.log).toHaveLength(1);
    expect(delivery.log[0]).toMatchObject({ statusCode: null, succeeded: false });
    expect(delivery.log[0]!.responseExcerpt).toMatch(/^private-address: /);
    // The log names no internal address.
    for (const a of addresses) expect(delivery.log[0]!.responseExcerpt).not.toContain(a);
    expect(delivery).toMatchObject({ status: "pending", attempts: 1 });
  });
});
