import { beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "@/lib/domains/api-tokens/tokens";
import { moveOwnRelease } from "@/lib/adapters/dashboard/release-moves";
import { loadDashboardRelease } from "@/lib/adapters/dashboard/release-detail";
import { saveDashboardRelease } from "@/lib/adapters/dashboard/save-dashboard-release";
import { EMPTY_RELEASE_FORM } from "@/lib/adapters/dashboard/release-rules";
import { db } from "@/lib/core/db/client";
import type { CompanyRole } from "@/lib/generated/prisma/client";
import { send } from "./api-client";
import { seedRelease, seedUser, unique } from "./factories";
import { GOOD_BODY, seedNewsroom } from "./release-fixtures";

// The role matrix (lib/domains/accounts/abilities) on every write path: dashboard, v1 and legacy.
// Written as the attacker: a member with a valid session and API token tries what only the
// owner (or the responsible) may do. And one rule for deletion on every path: what was ever
// published answers 409.

let categoryId: number;
let categorySlug: string;
beforeAll(async () => {
  categorySlug = unique("energie");
  categoryId = (await db.category.create({ data: { portal: "business", slug: categorySlug, nameDe: "Energie", nameEn: "Energy" } })).id;
});

async function newsroomWithTeam() {
  const { owner, company } = await seedNewsroom();
  const colleague = async (role: "member" | "responsible") => {
    const person = await seedUser();
    await db.companyUser.create({ data: { companyId: company.id, userId: person.id, role, grantedVia: "manual" } });
    // API access is the account's own booking.
    await db.userPaymentOption.create({
      data: { userId: person.id, provider: "stripe", plan: "pro", monthlyReleaseQuota: 5, apiAccess: true },
    });
    return person;
  };
  const team: Record<CompanyRole, { id: number }> = {
    owner,
    member: await colleague("member"),
    responsible: await colleague("responsible"),
  };
  const tokens = {} as Record<CompanyRole, string>;
  for (const role of ["owner", "member", "responsible"] as const)
    tokens[role] = (await createApiToken({ userId: team[role].id, name: role, identityConfirmedAt: new Date() })).token;
  const draftBy = (role: CompanyRole, data: Record<string, unknown> = {}) =>
    seedRelease({
      companyId: company.id,
      authorUserId: team[role].id,
      status: "draft",
      title: `Werk ${unique("w")} eröffnet`,
      body: GOOD_BODY,
      categoryId,
      location: "Berlin",
      contactName: "P",
      contactEmail: "p@beispiel.de",
      ...data,
    });
  return { company, team, tokens, draftBy };
}

const update = { title: "Ein geänderter Titel mit Länge" };
const statusOf = (res: Response) => res.status;

describe("the role matrix on v1 and legacy", () => {
  it("a member changes, submits and deletes only the releases they wrote", async () => {
    const { tokens, draftBy } = await newsroomWithTeam();
    const ownersDraft = await draftBy("owner");
    const membersDraft = await draftBy("member");
    const token = tokens.member;

    expect(
      await Promise.all([
        send("PUT", `/api/v1/releases/${ownersDraft.id}`, { token, body: update }).then(statusOf),
        send("POST", `/api/v1/releases/${ownersDraft.id}/submit`, { token }).then(statusOf),
        send("DELETE", `/api/v1/releases/${ownersDraft.id}`, { token }).then(statusOf),
        send("PUT", `/service/pressreleases/${ownersDraft.id}`, { token, body: update }).then(statusOf),
        send("DELETE", `/service/pressreleases/${ownersDraft.id}`, { token }).then(statusOf),
      ]),
    ).toEqual([403, 403, 403, 403, 403]);
    const untouched = await db.pressRelease.findUniqueOrThrow({ where: { id: ownersDraft.id } });
    expect([untouched.title, untouched.status, untouched.deletedAt]).toEqual([ownersDraft.title, "draft", null]);
    const refusal = await send("PUT", `/api/v1/releases/${ownersDraft.id}`, { token, body: update });
    expect((await refusal.json()).error).toMatchObject({
      code: "forbidden",
      message: expect.stringContaining("only the releases you wrote"),
    });

    expect(await send("PUT", `/api/v1/releases/${membersDraft.id}`, { token, body: update }).then(statusOf)).toBe(200);
    expect(await send("DELETE", `/service/pressreleases/${membersDraft.id}`, { token }).then(statusOf)).toBe(204);
  });

  it("a responsible changes and submits every release but deletes only their own; the owner deletes any", async () => {
    const { tokens, draftBy } = await newsroomWithTeam();
    const membersDraft = await draftBy("member");
    expect(await send("PUT", `/api/v1/releases/${membersDraft.id}`, { token: tokens.responsible, body: update }).then(statusOf)).toBe(200);
    expect(await send("POST", `/api/v1/releases/${membersDraft.id}/submit`, { token: tokens.responsible }).then(statusOf)).toBe(202);
    const another = await draftBy("member");
    expect(await send("DELETE", `/api/v1/releases/${another.id}`, { token: tokens.responsible }).then(statusOf)).toBe(403);
    expect(await send("DELETE", `/api/v1/releases/${another.id}`, { token: tokens.owner }).then(statusOf)).toBe(204);
  });
});

describe("the role matrix in the dashboard", () => {
  it("offers a member only what the matrix allows, and refuses the rest when forced", async () => {
    const { company, team, draftBy } = await newsroomWithTeam();
    const ownersDraft = await draftBy("owner");
    const membersDraft = await draftBy("member");
    const published = await draftBy("owner", { status: "published", publishedAt: new Date(), publishedEverAt: new Date() });

    expect((await loadDashboardRelease(team.member.id, ownersDraft.id)).actions).toEqual({
      edit: false,
      submit: false,
      withdraw: false,
      archive: false,
      delete: false,
    });
    expect((await loadDashboardRelease(team.member.id, membersDraft.id)).actions).toEqual({
      edit: true,
      submit: true,
      withdraw: false,
      archive: false,
      delete: true,
    });
    expect((await loadDashboardRelease(team.member.id, published.id)).actions.archive).toBe(false);
    expect((await loadDashboardRelease(team.responsible.id, published.id)).actions.archive).toBe(true);
    expect((await loadDashboardRelease(team.owner.id, membersDraft.id)).actions.delete).toBe(true);

    const values = {
      ...EMPTY_RELEASE_FORM,
      companyId: String(company.id),
      portal: "business",
      categoryId: String(categoryId),
      title: "Ein geänderter Titel mit Länge",
      body: GOOD_BODY,
      aiDeclaration: "without_ai",
      location: "Berlin",
      contactName: "P",
      contactEmail: "p@beispiel.de",
    };
    await expect(saveDashboardRelease({ userId: team.member.id, releaseId: ownersDraft.id, values, submit: false })).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(moveOwnRelease({ userId: team.member.id, releaseId: ownersDraft.id, move: "delete" })).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(moveOwnRelease({ userId: team.member.id, releaseId: published.id, move: "archive" })).rejects.toMatchObject({
      code: "forbidden",
    });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: ownersDraft.id } })).title).toBe(ownersDraft.title);
    // Writing a new release is every member's right.
    const created = await saveDashboardRelease({ userId: team.member.id, values, submit: false });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: created.releaseId } })).authorUserId).toBe(team.member.id);
  });
});

describe("deleting a release that was published", () => {
  it("answers 409 on v1, legacy and the dashboard, and the release stays public", async () => {
    const { team, tokens, draftBy } = await newsroomWithTeam();
    const now = new Date();
    const published = await draftBy("owner", { status: "published", publishedAt: now, publishedEverAt: now });
    const archived = await draftBy("owner", { status: "archived", publishedAt: now, publishedEverAt: now });
    // Whatever its status now, a release that was ever public counts as published.
    const wasPublic = await draftBy("owner", { status: "rejected", publishedEverAt: now });

    for (const r of [published, archived, wasPublic]) {
      const v1 = await send("DELETE", `/api/v1/releases/${r.id}`, { token: tokens.owner });
      expect([r.status, v1.status]).toEqual([r.status, 409]);
      expect((await v1.json()).error.message).toMatch(/cannot be deleted/);
      expect(await send("DELETE", `/service/pressreleases/${r.id}`, { token: tokens.owner }).then(statusOf)).toBe(409);
      await expect(moveOwnRelease({ userId: team.owner.id, releaseId: r.id, move: "delete" })).rejects.toMatchObject({ code: "conflict" });
      expect((await db.pressRelease.findUniqueOrThrow({ where: { id: r.id } })).deletedAt).toBeNull();
    }
    // Never published, even while in review: deletable.
    const inReview = await draftBy("owner", { status: "in_review" });
    expect(await send("DELETE", `/api/v1/releases/${inReview.id}`, { token: tokens.owner }).then(statusOf)).toBe(204);
  });
});
