import { describe, expect, it } from "vitest";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import { seedUser } from "@/tests/factories";
import { join, newAddress, seedTeam, teamRows } from "@/tests/team-fixtures";
import { changeMemberRole, inviteMember, leaveNewsroom, loadTeam, removeMember } from "./index";

const activity = (type: string, companyId: number) =>
  db.activityLog.findMany({ where: { type, subjectType: "company", subjectId: String(companyId) } });

/** How two contenders ended: how many succeeded, and the statuses of the refusals. */
function outcome(results: PromiseSettledResult<unknown>[]) {
  return {
    fulfilled: results.filter((r) => r.status === "fulfilled").length,
    refused: results.flatMap((r) => (r.status === "rejected" ? [(r.reason as { status?: number }).status] : [])),
  };
}

const ownerCount = (companyId: number) => db.companyUser.count({ where: { companyId, role: "owner" } });

describe("changing a member's role", () => {
  it("sets the role as a person's decision (granted_via manual) and logs from and to", async () => {
    const {
      companyId,
      people: [owner],
    } = await seedTeam(["owner"]);
    const auto = await join(companyId, "responsible", "auto");
    expect(await changeMemberRole({ actorUserId: owner!.id, companyId, userId: auto.id, role: "member" })).toEqual({
      from: "responsible",
      to: "member",
      changed: true,
    });
    expect(await teamRows(companyId)).toContain(`${auto.id}:member/manual`);
    const [row] = await activity(ACTIVITY.companyRoleChanged, companyId);
    expect(row).toMatchObject({
      actorUserId: owner!.id,
      result: "member",
      metadata: { userId: auto.id, from: "responsible", to: "member", grantedViaBefore: "auto" },
    });
    // The same role again changes nothing and logs nothing.
    expect((await changeMemberRole({ actorUserId: owner!.id, companyId, userId: auto.id, role: "member" })).changed).toBe(false);
    expect(await activity(ACTIVITY.companyRoleChanged, companyId)).toHaveLength(1);
  });

  it("lets an owner hand over: promote another, then step down", async () => {
    const {
      companyId,
      people: [owner, colleague],
    } = await seedTeam(["owner", "member"]);
    await changeMemberRole({ actorUserId: owner!.id, companyId, userId: colleague!.id, role: "owner" });
    await changeMemberRole({ actorUserId: owner!.id, companyId, userId: owner!.id, role: "member" });
    expect(await teamRows(companyId)).toEqual([`${owner!.id}:member/manual`, `${colleague!.id}:owner/manual`]);
  });

  it("refuses to demote the last owner (409); an inactive second owner does not count", async () => {
    const {
      companyId,
      people: [owner],
    } = await seedTeam(["owner"]);
    await join(companyId, "owner", "manual", { isActive: false });
    const before = await teamRows(companyId);
    await expect(changeMemberRole({ actorUserId: owner!.id, companyId, userId: owner!.id, role: "responsible" })).rejects.toMatchObject({
      status: 409,
      reason: "last_owner",
    });
    expect(await teamRows(companyId)).toEqual(before);
  });

  it("refuses an unknown role (422) and someone outside the team (404)", async () => {
    const {
      companyId,
      people: [owner, colleague],
    } = await seedTeam(["owner", "member"]);
    const stranger = await seedUser();
    await expect(changeMemberRole({ actorUserId: owner!.id, companyId, userId: colleague!.id, role: "superuser" })).rejects.toMatchObject({
      status: 422,
    });
    await expect(changeMemberRole({ actorUserId: owner!.id, companyId, userId: stranger.id, role: "member" })).rejects.toMatchObject({
      status: 404,
      reason: "member_not_found",
    });
  });
});

describe("removing and leaving", () => {
  it("an owner removes someone; anybody leaves; both are logged", async () => {
    const {
      companyId,
      people: [owner, a, b],
    } = await seedTeam(["owner", "member", "responsible"]);
    await removeMember({ actorUserId: owner!.id, companyId, userId: a!.id });
    await leaveNewsroom({ userId: b!.id, companyId });
    expect(await teamRows(companyId)).toEqual([`${owner!.id}:owner/manual`]);
    expect((await activity(ACTIVITY.companyMemberRemoved, companyId)).map((r) => r.metadata)).toEqual([
      { userId: a!.id, grantedVia: "manual", invitationsRevoked: [] },
    ]);
    expect((await activity(ACTIVITY.companyMemberLeft, companyId)).map((r) => r.actorUserId)).toEqual([b!.id]);
    await expect(leaveNewsroom({ userId: b!.id, companyId })).rejects.toMatchObject({ status: 404 });
  });

  it("refuses removing the last owner and the last owner leaving (409), rows unchanged", async () => {
    const {
      companyId,
      people: [owner, member],
    } = await seedTeam(["owner", "member"]);
    const before = await teamRows(companyId);
    await expect(removeMember({ actorUserId: owner!.id, companyId, userId: owner!.id })).rejects.toMatchObject({
      status: 409,
      reason: "last_owner",
    });
    await expect(leaveNewsroom({ userId: owner!.id, companyId })).rejects.toMatchObject({ status: 409, reason: "last_owner" });
    expect(await teamRows(companyId)).toEqual(before);
    await leaveNewsroom({ userId: member!.id, companyId });
  });

  it("lets an owner leave while another owner remains", async () => {
    const {
      companyId,
      people: [first, second],
    } = await seedTeam(["owner", "owner"]);
    await leaveNewsroom({ userId: first!.id, companyId });
    expect(await teamRows(companyId)).toEqual([`${second!.id}:owner/manual`]);
  });
});

describe("the last owner rule under contention", () => {
  // Each round: two owners act against each other at the same moment. The company row lock
  // makes one wait for the other, then re-read: exactly one wins, one owner remains.
  const ROUNDS = 5;

  it("two owners demoting each other at once: exactly one succeeds", async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const {
        companyId,
        people: [a, b],
      } = await seedTeam(["owner", "owner"]);
      const results = await Promise.allSettled([
        changeMemberRole({ actorUserId: a!.id, companyId, userId: b!.id, role: "member" }),
        changeMemberRole({ actorUserId: b!.id, companyId, userId: a!.id, role: "member" }),
      ]);
      expect(outcome(results)).toEqual({ fulfilled: 1, refused: [403] });
      expect(await ownerCount(companyId)).toBe(1);
    }
  });

  it("two owners removing each other at once: exactly one succeeds", async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const {
        companyId,
        people: [a, b],
      } = await seedTeam(["owner", "owner"]);
      const results = await Promise.allSettled([
        removeMember({ actorUserId: a!.id, companyId, userId: b!.id }),
        removeMember({ actorUserId: b!.id, companyId, userId: a!.id }),
      ]);
      expect(outcome(results)).toEqual({ fulfilled: 1, refused: [404] });
      expect(await ownerCount(companyId)).toBe(1);
      expect(await db.companyUser.count({ where: { companyId } })).toBe(1);
    }
  });

  it("the last two owners demoting themselves or leaving at once: one stays owner", async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const {
        companyId,
        people: [a, b],
      } = await seedTeam(["owner", "owner"]);
      const results = await Promise.allSettled([
        leaveNewsroom({ userId: a!.id, companyId }),
        changeMemberRole({ actorUserId: b!.id, companyId, userId: b!.id, role: "member" }),
      ]);
      expect(outcome(results)).toEqual({ fulfilled: 1, refused: [409] });
      expect(await ownerCount(companyId)).toBe(1);
    }
  });
});

describe("the team page's data", () => {
  it("lists the team for members, and open invitations only for those who manage it", async () => {
    const {
      companyId,
      people: [owner, member],
    } = await seedTeam(["owner", "member"]);
    await db.contact.create({ data: { companyId, name: "Pressestelle", email: member!.email } });
    const email = newAddress();
    await inviteMember({ actorUserId: owner!.id, companyId, email, role: "responsible" });

    const asOwner = await loadTeam({ viewerUserId: owner!.id, companyId });
    expect(asOwner).toMatchObject({
      companyId,
      canManage: true,
      viewerRole: "owner",
      invitations: [{ email, role: "responsible", isExpired: false }],
    });
    expect(asOwner.members.map((m) => [m.userId, m.role, m.isViewer, m.matchesNewsroomAddress])).toEqual([
      [owner!.id, "owner", true, false],
      [member!.id, "member", false, true],
    ]);
    const asMember = await loadTeam({ viewerUserId: member!.id, companyId });
    expect(asMember).toMatchObject({ canManage: false, viewerRole: "member", invitations: [] });
    expect(asMember.members).toHaveLength(2);
  });

  it("answers not found to someone outside the newsroom, and for a deleted one", async () => {
    const {
      companyId,
      people: [owner],
    } = await seedTeam(["owner"]);
    const outsider = await seedUser();
    await expect(loadTeam({ viewerUserId: outsider.id, companyId })).rejects.toMatchObject({ status: 404 });
    await expect(loadTeam({ viewerUserId: outsider.id, companyId: 2_000_000_000 })).rejects.toMatchObject({ status: 404 });
    await db.company.update({ where: { id: companyId }, data: { deletedAt: new Date() } });
    await expect(loadTeam({ viewerUserId: owner!.id, companyId })).rejects.toMatchObject({ status: 404 });
  });
});
