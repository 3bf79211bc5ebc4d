import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/adapters/api/openapi";
import { createApiToken } from "@/lib/domains/api-tokens/tokens";
import { resetConfigForTests } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { WEBHOOK_EVENT_TYPES } from "@/lib/domains/webhooks/event-types";
import { send } from "./api-client";
import { seedNewsroom } from "./release-fixtures";
import { startReceiver, type TestReceiver } from "./webhook-receiver";

// The webhook endpoints of API v1 (docs/webhooks.md), through the route handlers: as the owner,
// and as a member and a stranger who try to reach them.

const tokenFor = async (userId: number) => (await createApiToken({ userId, name: "ci", identityConfirmedAt: new Date() })).token;
let hook: TestReceiver;

beforeAll(async () => {
  process.env.OUTBOUND_ALLOW_LOCALHOST = "true";
  resetConfigForTests();
  hook = await startReceiver();
});
afterAll(async () => {
  await hook.close();
  delete process.env.OUTBOUND_ALLOW_LOCALHOST;
  resetConfigForTests();
});

async function ownerWithToken() {
  const { owner, company } = await seedNewsroom();
  return { owner, company, token: await tokenFor(owner.id) };
}

describe("API v1 webhooks", () => {
  it("are in the OpenAPI description with one message schema per event type, and the description stays valid", async () => {
    const doc = openApiDocument() as unknown as {
      webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: { $ref: string } }> } } }>;
    };
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES, "webhook.test"].sort());
    for (const op of Object.values(doc.webhooks)) expect(op.post.requestBody.content["application/json"]!.schema.$ref).toMatch(/Event$/);
    expect(doc.webhooks["release.checked"]).toBeDefined();
    const { GET } = await import("@/app/api/v1/openapi.json/route");
    const result = await new Validator().validate(await GET().json());
    expect([result.errors ?? [], result.valid]).toEqual([[], true]);
  });

  it("an owner creates, reads, changes, tests, rotates and deletes an endpoint; the secret is shown only when made", async () => {
    const { company, token } = await ownerWithToken();
    const created = await send("POST", `/api/v1/newsrooms/${company.id}/webhooks`, {
      token,
      body: { url: hook.url, event_types: ["release.published", "release.rejected"], description: "CMS" },
    });
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { id: number; secret: string; enabled: boolean } };
    expect(data).toMatchObject({ url: hook.url, enabled: true, newsroom_id: company.id, description: "CMS" });
    expect(data.secret).toMatch(/^whsec_/);
    hook.secrets = [data.secret];

    const listed = (await (await send("GET", `/api/v1/newsrooms/${company.id}/webhooks`, { token })).json()) as { data: object[] };
    expect(listed.data).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain("whsec_");

    const changed = await send("PATCH", `/api/v1/webhooks/${data.id}`, { token, body: { event_types: ["release.gone"] } });
    expect(((await changed.json()) as { data: { event_types: string[] } }).data.event_types).toEqual(["release.gone"]);

    const tested = await send("POST", `/api/v1/webhooks/${data.id}/test`, { token });
    expect(tested.status).toBe(202);
    const { message_id } = ((await tested.json()) as { data: { message_id: string } }).data;
    const [got] = await hook.waitFor(1);
    expect([got!.id, got!.type, got!.verifiedWith]).toEqual([message_id, "webhook.test", 0]);

    await new Promise((r) => setTimeout(r, 200));
    const log = (await (await send("GET", `/api/v1/webhooks/${data.id}/deliveries?outcome=succeeded`, { token })).json()) as {
      data: { id: number; message_id: string; status: string; log: { status_code: number }[] }[];
    };
    expect(log.data.map((d) => [d.message_id, d.status, d.log[0]!.status_code])).toEqual([[message_id, "succeeded", 204]]);
    expect(
      ((await (await send("GET", `/api/v1/webhooks/${data.id}/deliveries?outcome=failed`, { token })).json()) as { data: [] }).data,
    ).toEqual([]);

    const resent = await send("POST", `/api/v1/webhooks/${data.id}/deliveries/${log.data[0]!.id}/resend`, { token });
    expect(((await resent.json()) as { data: object }).data).toMatchObject({ succeeded: true, status_code: 204 });
    expect((await hook.waitFor(2))[1]!.id).toBe(message_id);

    const rotated = (await (await send("POST", `/api/v1/webhooks/${data.id}/rotate-secret`, { token })).json()) as {
      data: { secret: string; previous_secret_valid_until: string };
    };
    expect(rotated.data.secret).toMatch(/^whsec_/);
    expect(rotated.data.secret).not.toBe(data.secret);
    expect(Date.parse(rotated.data.previous_secret_valid_until)).toBeGreaterThan(Date.now() + 23 * 3600_000);

    const off = await send("PATCH", `/api/v1/webhooks/${data.id}`, { token, body: { enabled: false } });
    expect(((await off.json()) as { data: { enabled: boolean; disabled_reason: string } }).data).toMatchObject({
      enabled: false,
      disabled_reason: "owner",
    });
    expect((await send("POST", `/api/v1/webhooks/${data.id}/test`, { token })).status).toBe(409);

    expect((await send("DELETE", `/api/v1/webhooks/${data.id}`, { token })).status).toBe(204);
    expect((await send("GET", `/api/v1/webhooks/${data.id}`, { token })).status).toBe(404);
  });

  it("refuses what is not an endpoint, field by field", async () => {
    const { company, token } = await ownerWithToken();
    const refused = async (body: unknown) => {
      const res = await send("POST", `/api/v1/newsrooms/${company.id}/webhooks`, { token, body });
      expect(res.status).toBe(422);
      return ((await res.json()) as { error: { issues: { path: string }[] } }).error.issues.map((i) => i.path);
    };
    expect(await refused({ url: "http://example.com/hook", event_types: ["release.published"] })).toEqual(["url"]);
    expect(await refused({ url: "https://10.0.0.1/hook", event_types: ["release.published"] })).toEqual(["url"]);
    expect(await refused({ url: hook.url, event_types: [] })).toContain("event_types");
    expect(await refused({ url: hook.url, event_types: ["release.exploded"] })).toEqual(["event_types.0"]);
    expect(await refused({ url: hook.url, event_types: ["release.published"], description: "x".repeat(501) })).toEqual(["description"]);
    expect(await db.webhookEndpoint.count({ where: { companyId: company.id } })).toBe(0);
  });

  it("as the attacker: a member gets 403, a stranger 404, for the newsroom's endpoints and for one endpoint", async () => {
    const { company, token } = await ownerWithToken();
    const created = (await (
      await send("POST", `/api/v1/newsrooms/${company.id}/webhooks`, { token, body: { url: hook.url, event_types: ["release.published"] } })
    ).json()) as { data: { id: number } };
    const id = created.data.id;

    const { owner: member } = await seedNewsroom();
    await db.companyUser.create({ data: { companyId: company.id, userId: member.id, role: "responsible", grantedVia: "manual" } });
    const memberToken = await tokenFor(member.id);
    const { owner: stranger } = await seedNewsroom();
    const strangerToken = await tokenFor(stranger.id);

    for (const [who, t, status] of [
      ["member", memberToken, 403],
      ["stranger", strangerToken, 404],
    ] as const) {
      const calls = [
        send("GET", `/api/v1/newsrooms/${company.id}/webhooks`, { token: t }),
        send("POST", `/api/v1/newsrooms/${company.id}/webhooks`, { token: t, body: { url: hook.url, event_types: ["release.published"] } }),
        send("GET", `/api/v1/webhooks/${id}`, { token: t }),
        send("PATCH", `/api/v1/webhooks/${id}`, { token: t, body: { url: "https://attacker.example/hook" } }),
        send("POST", `/api/v1/webhooks/${id}/rotate-secret`, { token: t }),
        send("POST", `/api/v1/webhooks/${id}/test`, { token: t }),
        send("GET", `/api/v1/webhooks/${id}/deliveries`, { token: t }),
        send("DELETE", `/api/v1/webhooks/${id}`, { token: t }),
      ];
      expect(
        (await Promise.all(calls)).map((r) => r.status),
        who,
      ).toEqual(calls.map(() => status));
    }
    // A stranger cannot tell another newsroom's endpoint from none at all.
    const foreign = (await (await send("GET", `/api/v1/webhooks/${id}`, { token: strangerToken })).json()) as {
      error: { message: string };
    };
    const missing = (await (await send("GET", `/api/v1/webhooks/2147483000`, { token: strangerToken })).json()) as {
      error: { message: string };
    };
    expect(foreign.error.message).toBe(missing.error.message);
    const endpoint = await db.webhookEndpoint.findUniqueOrThrow({ where: { id } });
    expect([endpoint.url, endpoint.deletedAt, endpoint.previousSecretSealed]).toEqual([hook.url, null, null]);
    expect(await db.webhookEndpoint.count({ where: { companyId: company.id } })).toBe(1);
  });
});
