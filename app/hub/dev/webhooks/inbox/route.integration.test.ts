import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/core/config";
import { peerStamp, PEER_ADDRESS_HEADER } from "@/lib/core/security/client-ip";
import { createWebhookEndpoint, rotateWebhookSecret } from "@/lib/domains/webhooks/endpoints";
import { clearInspectorForTests, inspectorInboxUrl, listInspectedDeliveries } from "@/lib/domains/webhooks/local-inspector";
import { newMessageId, signedHeaders } from "@/lib/domains/webhooks/signing";
import { seedNewsroom } from "@/tests/release-fixtures";
import { POST } from "./route";

// The local webhook inspector's receiver (docs/webhooks.md): open only where webhooks may go to
// localhost and only to this machine; it keeps what came and says whether the signature is one
// of an endpoint that points at it, the previous secret of a rotation included.

const STAMP_KEY = "inspector-test-stamp-key";
const PORT = 39_000 + Math.floor(Math.random() * 999);
const INBOX = `http://localhost:${PORT}/dev/webhooks/inbox`;

beforeAll(() => {
  process.env.OUTBOUND_ALLOW_LOCALHOST = "true";
  process.env.PD_PEER_STAMP_KEY = STAMP_KEY;
  resetConfigForTests();
});
afterAll(() => {
  delete process.env.OUTBOUND_ALLOW_LOCALHOST;
  delete process.env.PD_PEER_STAMP_KEY;
  resetConfigForTests();
});
beforeEach(() => clearInspectorForTests());

function post(body: string, headers: Record<string, string>, opts: { peer?: string | null; host?: string } = {}) {
  const peer = opts.peer === undefined ? "127.0.0.1" : opts.peer;
  return POST(
    new Request(INBOX, {
      method: "POST",
      body,
      headers: {
        ...headers,
        host: opts.host ?? `localhost:${PORT}`,
        ...(peer ? { [PEER_ADDRESS_HEADER]: peerStamp(peer, STAMP_KEY) } : {}),
      },
    }),
  );
}

function signed(secrets: string[], type = "release.published") {
  const body = JSON.stringify({ type, timestamp: new Date().toISOString(), data: { release: { id: 7 } } });
  return { body, headers: signedHeaders(newMessageId(), new Date(), body, secrets) };
}

describe("the local webhook inspector's inbox", () => {
  it("keeps a delivery and finds the endpoint whose secret signed it, the previous one within its 24 hours too", async () => {
    const { owner, company } = await seedNewsroom();
    const other = await createWebhookEndpoint({
      userId: owner.id,
      companyId: company.id,
      url: `${INBOX}?a`,
      eventTypes: ["release.published"],
    });
    const mine = await createWebhookEndpoint({ userId: owner.id, companyId: company.id, url: INBOX, eventTypes: ["release.published"] });
    expect(other.endpoint.id).not.toBe(mine.endpoint.id);

    const message = signed([mine.secret]);
    const answer = await post(message.body, message.headers);
    expect(answer.status).toBe(204);
    const [kept] = listInspectedDeliveries();
    expect(kept).toMatchObject({
      method: "POST",
      eventType: "release.published",
      webhookId: message.headers["webhook-id"],
      body: message.body,
      truncated: false,
      verdict: { valid: true, endpointId: mine.endpoint.id },
    });
    expect(Object.keys(kept!.headers).sort()).toEqual(["content-type", "webhook-id", "webhook-signature", "webhook-timestamp"]);

    // Signed with the secret a rotation just replaced: still valid for a day.
    const rotated = await rotateWebhookSecret({ userId: owner.id, endpointId: other.endpoint.id });
    const old = signed([other.secret]);
    await post(old.body, old.headers);
    expect(listInspectedDeliveries()[0]!.verdict).toEqual({ valid: true, endpointId: other.endpoint.id });
    const fresh = signed([rotated.secret], "webhook.test");
    await post(fresh.body, fresh.headers);
    expect(listInspectedDeliveries()[0]).toMatchObject({
      eventType: "webhook.test",
      verdict: { valid: true, endpointId: other.endpoint.id },
    });
    expect(listInspectedDeliveries().map((d) => d.eventType)).toEqual(["webhook.test", "release.published", "release.published"]);
  });

  it("says why a signature is not valid", async () => {
    const { owner, company } = await seedNewsroom();
    const { endpoint } = await createWebhookEndpoint({
      userId: owner.id,
      companyId: company.id,
      url: INBOX,
      eventTypes: ["release.published"],
    });
    const forged = signed(["whsec_" + Buffer.alloc(32, 7).toString("base64")]);
    await post(forged.body, forged.headers);
    expect(listInspectedDeliveries()[0]!.verdict).toMatchObject({ valid: false, reason: expect.stringContaining(`#${endpoint.id}`) });

    await post("{}", { "content-type": "application/json" });
    expect(listInspectedDeliveries()[0]!.verdict).toEqual({
      valid: false,
      reason: "Die Kopfzeilen webhook-id, webhook-timestamp oder webhook-signature fehlen.",
    });

    const stale = signed([]);
    const headers = signedHeaders("msg_stale", new Date(Date.now() - 3600_000), stale.body, [
      "whsec_" + Buffer.alloc(32, 1).toString("base64"),
    ]);
    await post(stale.body, headers);
    expect(listInspectedDeliveries()[0]!.verdict).toMatchObject({
      valid: false,
      reason: expect.stringMatching(/mehr als 5 Minuten zurück/),
    });

    // Sent to another port: no endpoint has that URL.
    const elsewhere = signed([]);
    await post(elsewhere.body, elsewhere.headers, { host: "localhost:1" });
    expect(listInspectedDeliveries()[0]!.verdict).toEqual({
      valid: false,
      reason: "Kein Endpunkt hat http://localhost:1/dev/webhooks/inbox als URL.",
    });
  });

  it("cuts a body above 64 KiB and keeps the newest 200", async () => {
    const big = "x".repeat(70 * 1024);
    await post(big, { "webhook-id": "msg_big" });
    expect(listInspectedDeliveries()[0]).toMatchObject({ truncated: true, verdict: { valid: false } });
    expect(listInspectedDeliveries()[0]!.body).toHaveLength(64 * 1024);
    for (let i = 0; i < 205; i++) await post("{}", { "webhook-id": `msg_${i}` });
    const kept = listInspectedDeliveries();
    expect(kept).toHaveLength(200);
    expect(kept[0]!.webhookId).toBe("msg_204");
  });

  it("answers 404 to a client on another machine and where webhooks may not go to localhost", async () => {
    const message = signed([]);
    expect((await post(message.body, message.headers, { peer: "203.0.113.9" })).status).toBe(404);
    expect((await post(message.body, message.headers, { peer: null })).status).toBe(404);
    process.env.OUTBOUND_ALLOW_LOCALHOST = "false";
    resetConfigForTests();
    try {
      expect((await post(message.body, message.headers)).status).toBe(404);
    } finally {
      process.env.OUTBOUND_ALLOW_LOCALHOST = "true";
      resetConfigForTests();
    }
    expect(listInspectedDeliveries()).toHaveLength(0);
  });

  it("shows the address to paste with the port the page was asked on", () => {
    expect(inspectorInboxUrl("hub.localhost:3100")).toBe("http://localhost:3100/dev/webhooks/inbox");
    expect(inspectorInboxUrl("[::1]:3000")).toBe("http://localhost:3000/dev/webhooks/inbox");
    expect(inspectorInboxUrl(null)).toBe("http://localhost/dev/webhooks/inbox");
  });
});
