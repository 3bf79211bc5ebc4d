import { Validator } from "@seriousme/openapi-schema-validator";
import { afterEach, describe, expect, it } from "vitest";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { openApiDocument } from "@/lib/adapters/api/openapi";
import { createApiToken } from "@/lib/domains/api-tokens/tokens";
import { removeMember } from "@/lib/domains/companies/team";
import { resetConfigForTests } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { apiClient, send } from "./api-client";
import { seedCompany, seedUser } from "./factories";
import { seedNewsroom } from "./release-fixtures";

// POST /api/v1/newsrooms/{id}/members (spec 5.13), through the route handler, as the people
// who may use it and as those who try without being allowed.

async function tokenFor(userId: number) {
  return (await createApiToken({ userId, name: "ci", identityConfirmedAt: new Date() })).token;
}

/** An account with API access, and optionally a role in a newsroom. */
async function caller(companyId?: number, role: "owner" | "member" | "responsible" = "member") {
  const { owner: user } = await seedNewsroom();
  if (companyId) await db.companyUser.create({ data: { companyId, userId: user.id, role, grantedVia: "manual" } });
  return { user, token: await tokenFor(user.id) };
}

const attach = (token: string, id: number | string, body: unknown) => send("POST", `/api/v1/newsrooms/${id}/members`, { token, body });
const membership = (companyId: number, userId: number) => db.companyUser.findUnique({ where: { companyId_userId: { companyId, userId } } });

afterEach(() => {
  delete process.env.NEWSROOM_API_ASSIGNMENT_USER_IDS;
  resetConfigForTests();
});

describe("POST /api/v1/newsrooms/{id}/members", () => {
  it("is in the OpenAPI description, which stays valid", async () => {
    expect(openApiDocument().paths?.["/api/v1/newsrooms/{id}/members"]?.post?.operationId).toBe("addNewsroomMember");
    const { GET } = await import("@/app/api/v1/openapi.json/route");
    const result = await new Validator().validate(await GET().json());
    expect([result.errors ?? [], result.valid]).toEqual([[], true]);
  });

  it("an owner attaches a person as member or responsible, recorded as granted_via api", async () => {
    const { owner, company } = await seedNewsroom();
    const api = apiClient(await tokenFor(owner.id));
    const person = await seedUser({ email: `Neu.${Date.now()}@firma.test`.toLowerCase() });
    const res = await api.call("addNewsroomMember", { params: { id: company.id }, body: { email: person.email.toUpperCase() } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ newsroom_id: company.id, email: person.email, role: "member", granted_via: "api" });
    expect(await membership(company.id, person.id)).toMatchObject({ id: res.body.data.id, role: "member", grantedVia: "api" });
    expect(
      await db.activityLog.count({ where: { type: ACTIVITY.companyMemberAdded, subjectId: String(company.id), actorUserId: owner.id } }),
    ).toBe(1);

    const second = await seedUser();
    const responsible = await api.call("addNewsroomMember", {
      params: { id: company.id },
      body: { email: second.email, role: "responsible" },
    });
    expect([responsible.status, responsible.body.data.role]).toEqual([201, "responsible"]);

    const again = await api.call("addNewsroomMember", { params: { id: company.id }, body: { email: person.email } });
    expect([again.status, again.body.error.code]).toEqual([409, "conflict"]);
  });

  it("as the attacker: a member or responsible with an API token attaches nobody (403), not even as member", async () => {
    const { company } = await seedNewsroom();
    const person = await seedUser();
    for (const role of ["member", "responsible"] as const) {
      const { token } = await caller(company.id, role);
      for (const body of [{ email: person.email }, { email: person.email, role: "responsible" }]) {
        const res = await attach(token, company.id, body);
        expect([role, body, res.status, (await res.json()).error.code]).toEqual([role, body, 403, "forbidden"]);
      }
    }
    expect(await membership(company.id, person.id)).toBeNull();
    expect(await db.activityLog.count({ where: { type: ACTIVITY.companyMemberAdded, subjectId: String(company.id) } })).toBe(0);
  });

  it("as the attacker: nobody lifts an owner's removal; the owner may attach again, and the block stays", async () => {
    const { owner, company } = await seedNewsroom();
    const removed = await seedUser();
    await db.companyUser.create({ data: { companyId: company.id, userId: removed.id, role: "member", grantedVia: "manual" } });
    await removeMember({ actorUserId: owner.id, companyId: company.id, userId: removed.id });
    const block = { companyId: company.id, email: removed.email };

    // A member with a token, and a listed partner: the owner's decision stands.
    const colleague = await caller(company.id, "member");
    expect((await attach(colleague.token, company.id, { email: removed.email })).status).toBe(403);
    const partner = await caller();
    process.env.NEWSROOM_API_ASSIGNMENT_USER_IDS = String(partner.user.id);
    resetConfigForTests();
    const refused = await attach(partner.token, company.id, { email: removed.email });
    expect([refused.status, (await refused.json()).error.details]).toEqual([409, { reason: "removed_from_newsroom" }]);
    expect(await membership(company.id, removed.id)).toBeNull();
    expect(await db.companyAutoGrantBlock.count({ where: block })).toBe(1);

    // The owner decides again: attached, and the block is not lifted by the API.
    expect((await attach(await tokenFor(owner.id), company.id, { email: removed.email })).status).toBe(201);
    expect(await membership(company.id, removed.id)).toMatchObject({ role: "member", grantedVia: "api" });
    expect(await db.companyAutoGrantBlock.count({ where: block })).toBe(1);
  });

  it("refuses a stranger and a member of another newsroom with 403, changing nothing", async () => {
    const { company } = await seedNewsroom();
    const other = await seedCompany();
    const stranger = await caller();
    const elsewhere = await caller(other.id, "owner");
    const person = await seedUser();
    for (const { token } of [stranger, elsewhere]) {
      const res = await attach(token, company.id, { email: person.email });
      expect([res.status, (await res.json()).error.code]).toEqual([403, "forbidden"]);
    }
    // Not even themselves.
    expect((await attach(stranger.token, company.id, { email: stranger.user.email })).status).toBe(403);
    expect(await db.companyUser.count({ where: { companyId: company.id } })).toBe(1);
  });

  it("an account listed in NEWSROOM_API_ASSIGNMENT_USER_IDS attaches members to any existing newsroom (spec 5.13)", async () => {
    const { company } = await seedNewsroom();
    const partner = await caller();
    process.env.NEWSROOM_API_ASSIGNMENT_USER_IDS = String(partner.user.id);
    resetConfigForTests();
    const person = await seedUser();
    expect((await attach(partner.token, company.id, { email: person.email, role: "responsible" })).status).toBe(403);
    const res = await attach(partner.token, company.id, { email: person.email });
    expect(res.status).toBe(201);
    expect(await membership(company.id, partner.user.id)).toBeNull();
  });

  it("404 for a deleted, unknown or malformed newsroom id, and for a person without a usable account", async () => {
    const { owner, company } = await seedNewsroom();
    const token = await tokenFor(owner.id);
    const person = await seedUser();
    // Its owner still holds the row: a deleted newsroom is gone for everyone.
    const deleted = await seedCompany({ deletedAt: new Date() });
    await db.companyUser.create({ data: { companyId: deleted.id, userId: owner.id, role: "owner", grantedVia: "manual" } });
    for (const id of [deleted.id, 2_000_000_000, "abc", "0x10", "-1"])
      expect([id, (await attach(token, id, { email: person.email })).status]).toEqual([id, 404]);
    const unverified = await seedUser({ emailVerifiedAt: null });
    const inactive = await seedUser({ isActive: false });
    const removed = await seedUser({ deletedAt: new Date() });
    for (const email of ["niemand@firma.test", unverified.email, inactive.email, removed.email]) {
      const res = await attach(token, company.id, { email });
      expect([email, res.status]).toEqual([email, 404]);
    }
    expect(await db.companyUser.count({ where: { companyId: company.id } })).toBe(1);
  });

  it("409 for a merged or removed newsroom", async () => {
    const { owner, company } = await seedNewsroom();
    const token = await tokenFor(owner.id);
    const person = await seedUser();
    await db.company.update({ where: { id: company.id }, data: { goneAt: new Date() } });
    expect((await attach(token, company.id, { email: person.email })).status).toBe(409);
    const survivor = await seedCompany();
    await db.company.update({ where: { id: company.id }, data: { goneAt: null, mergedIntoCompanyId: survivor.id, isActive: false } });
    const res = await attach(token, company.id, { email: person.email });
    expect([res.status, (await res.json()).error.details]).toEqual([409, { mergedIntoNewsroomId: survivor.id }]);
  });

  it("422 on bad input (owner role, no or malformed address, wrong types, NUL); 401 without a token", async () => {
    const { owner, company } = await seedNewsroom();
    const token = await tokenFor(owner.id);
    const person = await seedUser();
    for (const body of [
      { email: person.email, role: "owner" },
      {},
      { email: "kein-at" },
      { email: person.email, role: 7 },
      { email: ["a@b.de"] },
      { email: `a\u0000@b.de` },
    ]) {
      expect([body, (await attach(token, company.id, body)).status]).toEqual([body, 422]);
    }
    expect((await send("POST", `/api/v1/newsrooms/${company.id}/members`, { body: { email: person.email } })).status).toBe(401);
    expect(await membership(company.id, person.id)).toBeNull();
  });

  it("two attaches of one person at once: one 201, one 409", async () => {
    const { owner, company } = await seedNewsroom();
    const token = await tokenFor(owner.id);
    const person = await seedUser();
    const statuses = (await Promise.all([0, 1, 2].map(() => attach(token, company.id, { email: person.email }))))
      .map((r) => r.status)
      .sort();
    expect(statuses).toEqual([201, 409, 409]);
  });
});
