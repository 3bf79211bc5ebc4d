import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetConfigForTests } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { setWebhookEndpointEnabled } from "@/lib/domains/webhooks/enable";
import { emitWebhookEvent } from "@/lib/domains/webhooks/emit";
import { createWebhookEndpoint } from "@/lib/domains/webhooks/endpoints";
import { seedCompany, unique } from "@/tests/factories";
import { PASSWORD, seedAccount } from "@/tests/identity-proof-fixtures";
import { signInPasswordOnly, withPageSession } from "@/tests/page-session";
import { startReceiver, type TestReceiver } from "@/tests/webhook-receiver";
import {
  createEndpointAction,
  deleteEndpointAction,
  resendDeliveryAction,
  rotateSecretAction,
  sendTestEventAction,
  setEnabledAction,
  updateEndpointAction,
} from "./actions";

// The webhook screens' actions behind a real session cookie (docs/webhooks.md): the form read
// into the domain's fields, its refusals in German, the identity proof a new secret or a new
// address needs, and people outside the owners refused for every action on an endpoint.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
withPageSession();
vi.mock("next/cache", () => ({ refresh: () => {} }));
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  redirect: (url: string) => {
    throw Object.assign(new Error("redirect"), { digest: `NEXT_REDIRECT;${url}` });
  },
}));

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

/** A newsroom whose owner signs in with a password (the identity proof of these actions). */
async function newsroom() {
  const owner = (await seedAccount({ password: true })).user;
  const company = await seedCompany({ name: unique("Redaktion") });
  await db.companyUser.create({ data: { companyId: company.id, userId: owner.id, role: "owner", grantedVia: "manual" } });
  return { owner, companyId: company.id };
}

function endpointForm(fields: {
  newsroom?: number | string;
  url?: string;
  description?: string;
  eventTypes?: string[];
  enabled?: boolean;
  password?: string;
  mode?: string;
}): FormData {
  const form = new FormData();
  if (fields.newsroom !== undefined) form.set("newsroom", String(fields.newsroom));
  if (fields.url !== undefined) form.set("url", fields.url);
  if (fields.description !== undefined) form.set("description", fields.description);
  for (const type of fields.eventTypes ?? []) form.append("event_types[]", type);
  if (fields.enabled) form.set("enabled", "yes");
  if (fields.password !== undefined) form.set("proof", JSON.stringify({ kind: "password", password: fields.password }));
  if (fields.mode !== undefined) form.set("mode", fields.mode);
  return form;
}

const row = (id: number) => db.webhookEndpoint.findUniqueOrThrow({ where: { id } });
const settle = () => new Promise((r) => setTimeout(r, 300));

describe("creating an endpoint from the form", () => {
  it("checks the fields before asking for the proof, then needs the proof, and shows the secret once", async () => {
    const { owner, companyId } = await newsroom();
    await signInPasswordOnly(owner.id);

    const invalid = await createEndpointAction(
      null,
      endpointForm({ newsroom: companyId, url: "http://example.com/hook", description: "CMS" }),
    );
    expect(invalid).toMatchObject({
      ok: false,
      code: "validation_failed",
      issues: { url: "Die Adresse muss mit https:// beginnen.", event_types: "Wählen Sie mindestens ein Ereignis aus." },
      values: { url: "http://example.com/hook", description: "CMS", eventTypes: [], enabled: false },
    });
    const internal = await createEndpointAction(
      null,
      endpointForm({ newsroom: companyId, url: "https://10.0.0.5/hook", eventTypes: ["release.published"] }),
    );
    expect(internal.issues?.url).toMatch(/internes Netz/);

    const fields = { newsroom: companyId, url: "https://cms.example.com/hooks", description: "  Redaktionssystem  ", enabled: true };
    const unproved = await createEndpointAction(null, endpointForm({ ...fields, eventTypes: ["release.published", "image.withheld"] }));
    expect(unproved).toMatchObject({ ok: false, code: "identity_proof_required", values: { url: fields.url } });
    const wrong = await createEndpointAction(null, endpointForm({ ...fields, eventTypes: ["release.published"], password: "not-it" }));
    expect(wrong).toMatchObject({ ok: false, issues: { proof: "Das Passwort ist nicht korrekt." } });
    expect(await db.webhookEndpoint.count({ where: { companyId } })).toBe(0);

    const created = await createEndpointAction(
      null,
      endpointForm({ ...fields, eventTypes: ["release.published", "image.withheld", "release.published"], password: PASSWORD }),
    );
    expect(created).toMatchObject({ ok: true, secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/) });
    expect(created.message).toContain("nur dieses eine Mal");
    const stored = await row(created.endpointId!);
    expect(stored).toMatchObject({
      companyId,
      url: "https://cms.example.com/hooks",
      description: "Redaktionssystem",
      eventTypes: ["release.published", "image.withheld"],
      enabled: true,
      createdByUserId: owner.id,
    });
    expect(stored.secretSealed).not.toContain(created.secret!.slice(6, 20));

    // The proof counts for ten minutes; unticked "Sofort einschalten" makes a switched-off endpoint.
    const second = await createEndpointAction(
      null,
      endpointForm({ newsroom: companyId, url: "https://erp.example.com/in", eventTypes: ["invoice.issued"] }),
    );
    expect(second.ok).toBe(true);
    expect(await row(second.endpointId!)).toMatchObject({ enabled: false, disabledReason: "owner" });
  });

  it("refuses a newsroom field that names nothing", async () => {
    const { owner } = await newsroom();
    await signInPasswordOnly(owner.id);
    for (const value of ["", "abc", "0", "99999999999"])
      expect(
        await createEndpointAction(
          null,
          endpointForm({ newsroom: value, url: "https://a.example/h", eventTypes: ["release.published"], password: PASSWORD }),
        ),
      ).toMatchObject({ ok: false, code: "not_found" });
  });
});

describe("an endpoint's page", () => {
  it("saves description and events without a proof; a new address only with one", async () => {
    const { owner, companyId } = await newsroom();
    const { endpoint } = await createWebhookEndpoint({
      userId: owner.id,
      companyId,
      url: "https://a.example/hook",
      eventTypes: ["release.published"],
    });
    await signInPasswordOnly(owner.id);

    const saved = await updateEndpointAction(
      endpoint.id,
      null,
      endpointForm({ url: "https://a.example/hook", description: "Intranet", eventTypes: ["release.published", "quota.exhausted"] }),
    );
    expect(saved).toMatchObject({ ok: true, message: "Änderungen gespeichert." });
    expect(await row(endpoint.id)).toMatchObject({ description: "Intranet", eventTypes: ["release.published", "quota.exhausted"] });

    const elsewhere = endpointForm({ url: "https://b.example/hook", description: "Intranet", eventTypes: ["release.published"] });
    expect(await updateEndpointAction(endpoint.id, null, elsewhere)).toMatchObject({ ok: false, code: "identity_proof_required" });
    expect((await row(endpoint.id)).url).toBe("https://a.example/hook");
    const proved = endpointForm({
      url: "https://b.example/hook",
      description: "Intranet",
      eventTypes: ["release.published"],
      password: PASSWORD,
    });
    expect(await updateEndpointAction(endpoint.id, null, proved)).toMatchObject({ ok: true });
    expect((await row(endpoint.id)).url).toBe("https://b.example/hook");

    const empty = await updateEndpointAction(endpoint.id, null, endpointForm({ url: "https://b.example/hook", eventTypes: [] }));
    expect(empty).toMatchObject({ ok: false, issues: { event_types: "Wählen Sie mindestens ein Ereignis aus." } });
  });

  it("renews the secret after the proof, shows it once and says until when the old one signs", async () => {
    const { owner, companyId } = await newsroom();
    const { endpoint } = await createWebhookEndpoint({
      userId: owner.id,
      companyId,
      url: "https://a.example/hook",
      eventTypes: ["release.published"],
    });
    const before = (await row(endpoint.id)).secretSealed;
    await signInPasswordOnly(owner.id);

    expect(await rotateSecretAction(endpoint.id, null, endpointForm({}))).toMatchObject({ ok: false, code: "identity_proof_required" });
    expect((await row(endpoint.id)).secretSealed).toBe(before);
    const rotated = await rotateSecretAction(endpoint.id, null, endpointForm({ password: PASSWORD }));
    expect(rotated).toMatchObject({
      ok: true,
      secret: expect.stringMatching(/^whsec_/),
      previousValidUntil: expect.stringMatching(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/),
    });
    expect(rotated.message).toContain(`bis ${rotated.previousValidUntil} Uhr`);
    const after = await row(endpoint.id);
    expect(after.previousSecretSealed).toBe(before);
    expect(Math.abs(after.previousSecretExpiresAt!.getTime() - Date.now() - 24 * 3600_000)).toBeLessThan(60_000);
  });

  it("switches off, on, and on with what was missed; a mode it does not know changes nothing", async () => {
    const { owner, companyId } = await newsroom();
    const r = await receiver();
    const { endpoint, secret } = await createWebhookEndpoint({
      userId: owner.id,
      companyId,
      url: r.url,
      eventTypes: ["release.published"],
    });
    r.secrets = [secret];
    await signInPasswordOnly(owner.id);

    expect(await setEnabledAction(endpoint.id, null, endpointForm({ mode: "off" }))).toMatchObject({
      ok: true,
      message: expect.stringMatching(/^Ausgeschaltet/),
    });
    expect((await row(endpoint.id)).enabled).toBe(false);
    expect(await setEnabledAction(endpoint.id, null, endpointForm({ mode: "everything" }))).toMatchObject({ ok: false });
    expect((await row(endpoint.id)).enabled).toBe(false);

    // While it was off, a release was published.
    await db.$transaction((tx) =>
      emitWebhookEvent(tx, {
        companyId,
        type: "release.published",
        sourceKey: unique("missed"),
        occurredAt: new Date(),
        data: { release: { id: 1 } },
      }),
    );
    expect(await setEnabledAction(endpoint.id, null, endpointForm({ mode: "replay" }))).toMatchObject({
      ok: true,
      message: "Eingeschaltet. Eine verpasste Nachricht wird jetzt nachgesendet.",
    });
    const [got] = await r.waitFor(1);
    expect(got).toMatchObject({ type: "release.published", verifiedWith: 0 });

    await setWebhookEndpointEnabled({ userId: owner.id, endpointId: endpoint.id, enabled: false });
    expect(await setEnabledAction(endpoint.id, null, endpointForm({ mode: "on" }))).toMatchObject({
      ok: true,
      message: expect.stringMatching(/^Eingeschaltet/),
    });
  });

  it("sends a test event and a logged message again, and says what the receiver answered", async () => {
    const { owner, companyId } = await newsroom();
    const r = await receiver();
    const { endpoint, secret } = await createWebhookEndpoint({
      userId: owner.id,
      companyId,
      url: r.url,
      eventTypes: ["release.published"],
    });
    r.secrets = [secret];
    await signInPasswordOnly(owner.id);

    const test = await sendTestEventAction(endpoint.id, null, endpointForm({}));
    expect(test).toMatchObject({ ok: true, message: expect.stringMatching(/^Testereignis erstellt \(webhook-id msg_/) });
    const [first] = await r.waitFor(1);
    expect(first).toMatchObject({ type: "webhook.test", verifiedWith: 0 });
    await settle();
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    expect(delivery.status).toBe("succeeded");

    const again = await resendDeliveryAction(endpoint.id, delivery.id, null, endpointForm({}));
    expect(again).toMatchObject({ ok: true, message: expect.stringMatching(/^Erneut gesendet: Antwort 204 nach \d+ ms\.$/) });
    r.answers.push(500);
    const refused = await resendDeliveryAction(endpoint.id, delivery.id, null, endpointForm({}));
    expect(refused).toMatchObject({ ok: false, message: expect.stringMatching(/Antwort 500 nach \d+ ms\. Als empfangen zählt nur/) });
    expect(new Set((await r.waitFor(3)).map((m) => m.id))).toEqual(new Set([delivery.messageId]));

    await setWebhookEndpointEnabled({ userId: owner.id, endpointId: endpoint.id, enabled: false });
    expect(await sendTestEventAction(endpoint.id, null, endpointForm({}))).toMatchObject({
      ok: false,
      message: "Der Endpunkt ist ausgeschaltet. Schalten Sie ihn zuerst ein.",
    });
    expect(await resendDeliveryAction(endpoint.id, delivery.id, null, endpointForm({}))).toMatchObject({ ok: false, code: "conflict" });
  });

  it("deletes and returns to the overview", async () => {
    const { owner, companyId } = await newsroom();
    const { endpoint } = await createWebhookEndpoint({
      userId: owner.id,
      companyId,
      url: "https://a.example/hook",
      eventTypes: ["release.published"],
    });
    await signInPasswordOnly(owner.id);
    await expect(deleteEndpointAction(endpoint.id, null, endpointForm({}))).rejects.toMatchObject({
      digest: "NEXT_REDIRECT;/dashboard/webhooks?geloescht=1",
    });
    expect((await row(endpoint.id)).deletedAt).not.toBeNull();
    expect(await deleteEndpointAction(endpoint.id, null, endpointForm({}))).toMatchObject({ ok: false, code: "not_found" });
  });
});

describe("people who are not the newsroom's owners", () => {
  it("a member and a stranger are refused every action on another newsroom's endpoint, and nothing changes", async () => {
    const { owner, companyId } = await newsroom();
    const r = await receiver();
    const { endpoint, secret } = await createWebhookEndpoint({
      userId: owner.id,
      companyId,
      url: r.url,
      eventTypes: ["release.published"],
    });
    r.secrets = [secret];
    await db.$transaction((tx) =>
      emitWebhookEvent(tx, {
        companyId,
        type: "release.published",
        sourceKey: unique("seen"),
        occurredAt: new Date(),
        data: { release: { id: 2 } },
      }),
    );
    await r.waitFor(1);
    await settle();
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    const before = await row(endpoint.id);
    const deliveriesBefore = await db.webhookDelivery.count({ where: { endpointId: endpoint.id } });

    const member = (await seedAccount({ password: true })).user;
    await db.companyUser.create({ data: { companyId, userId: member.id, role: "member", grantedVia: "manual" } });
    const stranger = await newsroom();

    for (const [attacker, code] of [
      [member, "forbidden"],
      [stranger.owner, "not_found"],
    ] as const) {
      await signInPasswordOnly(attacker.id);
      const edit = endpointForm({ url: "https://evil.example/steal", description: "x", eventTypes: ["invoice.paid"], password: PASSWORD });
      const answers = {
        update: await updateEndpointAction(endpoint.id, null, edit),
        rotate: await rotateSecretAction(endpoint.id, null, endpointForm({ password: PASSWORD })),
        off: await setEnabledAction(endpoint.id, null, endpointForm({ mode: "off" })),
        remove: await deleteEndpointAction(endpoint.id, null, endpointForm({})),
        test: await sendTestEventAction(endpoint.id, null, endpointForm({})),
        resend: await resendDeliveryAction(endpoint.id, delivery.id, null, endpointForm({})),
        create: await createEndpointAction(
          null,
          endpointForm({ newsroom: companyId, url: "https://evil.example/new", eventTypes: ["release.published"], password: PASSWORD }),
        ),
      };
      for (const [action, answer] of Object.entries(answers)) {
        expect([action, answer.ok, answer.code]).toEqual([action, false, code]);
        expect(JSON.stringify(answer)).not.toContain("whsec_");
      }
      // A bound id that names nothing reads as an endpoint that does not exist.
      expect(await sendTestEventAction("1 OR 1=1" as unknown as number, null, endpointForm({}))).toMatchObject({
        ok: false,
        code: "not_found",
      });
    }

    const after = await row(endpoint.id);
    expect(after).toEqual(before);
    expect(await db.webhookEndpoint.count({ where: { companyId } })).toBe(1);
    expect(await db.webhookEndpoint.count({ where: { companyId: stranger.companyId } })).toBe(0);
    expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(deliveriesBefore);
    expect(r.received).toHaveLength(1);
  });
});
