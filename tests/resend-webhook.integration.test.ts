import { randomBytes } from "node:crypto";
import { NextRequest } from "next/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { POST } from "@/app/api/webhooks/resend/route";
import { resetConfigForTests } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { findSuppression } from "@/lib/domains/mail/suppression";
import { routeBySite } from "@/lib/adapters/public/site-routing";
import { getSiteHosts } from "@/lib/domains/sites/hosts";
import {
  blocksTransactional,
  bounceAddress,
  bouncedEvent,
  complainedEvent,
  enableBounceRoutes,
  failedEvent,
  resendRequest,
  storedBounces,
  suppressedEvent,
} from "./mail-bounce-helpers";

const hardBounce = (to: string) =>
  bouncedEvent(to, {
    type: "Permanent",
    subType: "General",
    message: "550 5.1.1 The email account that you tried to reach does not exist.",
  });

beforeEach(() => {
  enableBounceRoutes();
});

afterEach(() => {
  delete process.env.RESEND_WEBHOOK_SECRET;
  resetConfigForTests();
});

describe("POST /api/webhooks/resend", () => {
  it("is reached on every host: the middleware passes both bounce routes through unchanged", async () => {
    const hosts = getSiteHosts();
    for (const host of [hosts.hub, hosts.business, hosts.tech]) {
      for (const path of ["/api/webhooks/resend", "/api/mail/inbound"]) {
        const res = await routeBySite(new NextRequest(`http://127.0.0.1:3000${path}`, { method: "POST", headers: { host } }), hosts);
        expect(res.headers.get("x-middleware-next")).toBe("1");
        expect(res.headers.get("x-middleware-rewrite")).toBeNull();
      }
    }
  });

  it("answers 404 while no webhook secret is configured", async () => {
    delete process.env.RESEND_WEBHOOK_SECRET;
    resetConfigForTests();
    const res = await POST(resendRequest(hardBounce(bounceAddress())));
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe("not_found");
  });

  it("refuses a forged signature, a missing one and a tampered body with 400 in the error shape, storing nothing", async () => {
    const email = bounceAddress("forged");
    const forged = await POST(resendRequest(hardBounce(email), { secret: `whsec_${randomBytes(24).toString("base64")}` }));
    expect(forged.status).toBe(400);
    const body = await forged.json();
    expect(body.error).toMatchObject({ code: "bad_request", message: "The webhook signature is not valid." });
    expect(body.error.requestId).toBeTruthy();

    const unsigned = resendRequest(hardBounce(email));
    unsigned.headers.delete("svix-signature");
    expect((await POST(unsigned)).status).toBe(400);

    // The signature covers the raw body: one changed address breaks it.
    const genuine = resendRequest(hardBounce(bounceAddress("genuine")));
    const tampered = new Request(genuine.url, {
      method: "POST",
      headers: genuine.headers,
      body: (await genuine.text()).replace(/"to":\["[^"]+"\]/, `"to":["${email}"]`),
    });
    expect((await POST(tampered)).status).toBe(400);

    expect(await storedBounces(email)).toEqual([]);
    expect(await blocksTransactional(email)).toBe(false);
  });

  it("refuses a replay of a captured delivery once its timestamp is older than five minutes", async () => {
    const email = bounceAddress("replay");
    const res = await POST(resendRequest(hardBounce(email), { at: new Date(Date.now() - 6 * 60_000) }));
    expect(res.status).toBe(400);
    expect(await storedBounces(email)).toEqual([]);
  });

  it("records a signed hard bounce once, however often Resend retries the delivery", async () => {
    const email = bounceAddress("retry");
    const event = hardBounce(email);
    const id = `msg_${randomBytes(12).toString("hex")}`;
    const answers = await Promise.all([POST(resendRequest(event, { id })), POST(resendRequest(event, { id }))]);
    answers.push(await POST(resendRequest(event, { id })));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await answers[0]!.json()).toEqual({ received: true, handled: true });
    const rows = await storedBounces(email);
    expect(rows).toEqual([
      {
        kind: "hard",
        source: "provider_event",
        statusCode: "5.1.1",
        signed: true,
        needsReview: false,
        isRelay: false,
        externalId: `resend:${id}:${email}`,
      },
    ]);
    expect(await blocksTransactional(email)).toBe(true);
  });

  it("suppresses an address that complained", async () => {
    const email = bounceAddress("complaint");
    expect((await POST(resendRequest(complainedEvent(email)))).status).toBe(200);
    expect((await findSuppression(email))?.state).toBe("complaint");
    expect(await blocksTransactional(email)).toBe(true);
  });

  it("takes Resend's own suppression list as proof that the address is dead", async () => {
    const email = bounceAddress("suppressed");
    expect((await POST(resendRequest(suppressedEvent(email, "This email address is on the suppression list")))).status).toBe(200);
    expect(await storedBounces(email)).toMatchObject([{ kind: "hard", signed: true }]);
    expect((await findSuppression(email))?.state).toBe("hard_bounce");
  });

  it("counts a send failure that blames the recipient as a bounce, any other as a relay rejection", async () => {
    const invalid = bounceAddress("invalid");
    const refused = bounceAddress("refused");
    await POST(resendRequest(failedEvent(invalid, "Invalid `to` field. Please use our testing email address instead.")));
    await POST(resendRequest(failedEvent(refused, "The pressdesk.example domain is not verified. Please add and verify your domain.")));
    expect(await storedBounces(invalid)).toMatchObject([{ kind: "hard", isRelay: false, signed: true }]);
    expect(await storedBounces(refused)).toMatchObject([{ kind: "policy", isRelay: true, signed: true, source: "provider_event" }]);
    // One relay rejection is below the circuit's threshold; neither address is blocked by it.
    expect(await blocksTransactional(refused)).toBe(false);
  });

  it("acknowledges events it does not act on, and signed payloads it cannot read", async () => {
    const delivered = { ...complainedEvent(bounceAddress()), type: "email.delivered" };
    const res = await POST(resendRequest(delivered));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, handled: false });
    expect((await POST(resendRequest({ type: "email.bounced", data: { to: "not-a-list" } }))).status).toBe(200);
    expect((await POST(resendRequest("just a string"))).status).toBe(200);
    expect(await db.emailBounce.count({ where: { email: "not-a-list" } })).toBe(0);
  });
});
