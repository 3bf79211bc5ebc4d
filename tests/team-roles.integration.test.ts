import { describe, expect, it } from "vitest";
import {
  changeMemberRole,
  inviteMember,
  leaveNewsroom,
  removeMember,
  resendInvitation,
  revokeInvitation,
  teamFormError,
} from "@/lib/domains/companies/team";
import { db } from "@/lib/core/db/client";
import { invitationRows, newAddress, seedTeam, teamRows } from "./team-fixtures";

// The role matrix on the member-management paths, written as the attacker: a member and a
// responsible with a valid session call what the team page's server actions call, with ids
// of their choosing (a bound server-action argument is whatever the browser sends back). Each
// attempt gets a 4xx and nothing changes: team rows, invitations and mails are compared.

async function newsroomWithPendingInvitation() {
  const team = await seedTeam(["owner", "member", "responsible"]);
  const [owner, member, responsible] = [team.people[0]!, team.people[1]!, team.people[2]!];
  const pending = await inviteMember({ actorUserId: owner.id, companyId: team.companyId, email: newAddress(), role: "member" });
  return { companyId: team.companyId, owner, member, responsible, pending };
}

const snapshot = async (companyId: number) => ({
  team: await teamRows(companyId),
  invitations: await invitationRows(companyId),
  mails: await db.mailOutbox.count({ where: { mailType: "team_invitation" } }),
});

/** Every team write an actor could attempt on a newsroom, through the functions the server actions call. */
function attempts(actorUserId: number, companyId: number, target: { userId: number; invitationId: number }) {
  return {
    invite: () => inviteMember({ actorUserId, companyId, email: newAddress(), role: "owner" }),
    promoteSelf: () => changeMemberRole({ actorUserId, companyId, userId: actorUserId, role: "owner" }),
    changeRole: () => changeMemberRole({ actorUserId, companyId, userId: target.userId, role: "member" }),
    remove: () => removeMember({ actorUserId, companyId, userId: target.userId }),
    resend: () => resendInvitation({ actorUserId, companyId, invitationId: target.invitationId }),
    revoke: () => revokeInvitation({ actorUserId, companyId, invitationId: target.invitationId }),
  };
}

async function statusesOf(tries: Record<string, () => Promise<unknown>>) {
  const statuses: Record<string, number | string> = {};
  for (const [name, attempt] of Object.entries(tries)) {
    statuses[name] = await attempt().then(
      () => "succeeded",
      (err: { status?: number }) => err.status ?? "no status",
    );
  }
  return statuses;
}

const all = (status: number) => ({
  invite: status,
  promoteSelf: status,
  changeRole: status,
  remove: status,
  resend: status,
  revoke: status,
});

describe("member management as the attacker", () => {
  it("a member and a responsible are refused every team write (403), and nothing changes", async () => {
    const { companyId, owner, member, responsible, pending } = await newsroomWithPendingInvitation();
    const before = await snapshot(companyId);
    expect(await statusesOf(attempts(member.id, companyId, { userId: owner.id, invitationId: pending.invitationId }))).toEqual(all(403));
    expect(await statusesOf(attempts(responsible.id, companyId, { userId: member.id, invitationId: pending.invitationId }))).toEqual(
      all(403),
    );
    expect(await snapshot(companyId)).toEqual(before);
  });

  it("the server actions show each refusal as a German form message, never a 5xx", async () => {
    const { companyId, owner, member, pending } = await newsroomWithPendingInvitation();
    const refusal = await removeMember({ actorUserId: member.id, companyId, userId: owner.id }).catch((e: unknown) => e);
    expect(teamFormError(refusal)).toEqual({
      ok: false,
      code: "forbidden",
      message: "Nur Inhaberinnen und Inhaber des Newsrooms verwalten das Team.",
    });
    const invalid = await inviteMember({ actorUserId: owner.id, companyId, email: "kein-at.example", role: "member" }).catch(
      (e: unknown) => e,
    );
    expect(teamFormError(invalid)).toMatchObject({
      ok: false,
      code: "validation_failed",
      issues: { email: "Bitte geben Sie eine gültige E-Mail-Adresse an." },
    });
    const gone = await revokeInvitation({ actorUserId: owner.id, companyId, invitationId: pending.invitationId + 1_000_000 }).catch(
      (e: unknown) => e,
    );
    expect(teamFormError(gone)).toMatchObject({ ok: false, code: "not_found" });
  });

  it("a member (even an owner) of newsroom A cannot manage newsroom B: it is not found (404)", async () => {
    const a = await newsroomWithPendingInvitation();
    const b = await newsroomWithPendingInvitation();
    const before = await snapshot(b.companyId);
    for (const actor of [a.owner, a.member, a.responsible]) {
      expect(await statusesOf(attempts(actor.id, b.companyId, { userId: b.owner.id, invitationId: b.pending.invitationId }))).toEqual(
        all(404),
      );
      await expect(leaveNewsroom({ userId: actor.id, companyId: b.companyId })).rejects.toMatchObject({ status: 404 });
    }
    expect(await snapshot(b.companyId)).toEqual(before);
  });

  it("an owner of A cannot reach B's people or invitations through A's id", async () => {
    const a = await newsroomWithPendingInvitation();
    const b = await newsroomWithPendingInvitation();
    const before = await snapshot(b.companyId);
    const tries = attempts(a.owner.id, a.companyId, { userId: b.member.id, invitationId: b.pending.invitationId });
    expect(await statusesOf({ changeRole: tries.changeRole, remove: tries.remove, resend: tries.resend, revoke: tries.revoke })).toEqual({
      changeRole: 404,
      remove: 404,
      resend: 404,
      revoke: 404,
    });
    expect(await snapshot(b.companyId)).toEqual(before);
  });

  it("an owner cannot remove or demote the last owner (409), nor invite an address already in the team (409)", async () => {
    const { companyId, owner, member } = await newsroomWithPendingInvitation();
    const before = await snapshot(companyId);
    await expect(removeMember({ actorUserId: owner.id, companyId, userId: owner.id })).rejects.toMatchObject({
      status: 409,
      reason: "last_owner",
    });
    await expect(changeMemberRole({ actorUserId: owner.id, companyId, userId: owner.id, role: "member" })).rejects.toMatchObject({
      status: 409,
      reason: "last_owner",
    });
    await expect(leaveNewsroom({ userId: owner.id, companyId })).rejects.toMatchObject({ status: 409, reason: "last_owner" });
    await expect(inviteMember({ actorUserId: owner.id, companyId, email: member.email, role: "owner" })).rejects.toMatchObject({
      status: 409,
      reason: "already_member",
    });
    expect(await snapshot(companyId)).toEqual(before);
  });

  it("nobody manages a removed newsroom's team (409) or a deleted one's (404)", async () => {
    const removed = await newsroomWithPendingInvitation();
    await db.company.update({ where: { id: removed.companyId }, data: { goneAt: new Date() } });
    const before = await snapshot(removed.companyId);
    expect(
      await statusesOf(
        attempts(removed.owner.id, removed.companyId, { userId: removed.member.id, invitationId: removed.pending.invitationId }),
      ),
    ).toEqual(all(409));
    expect(await snapshot(removed.companyId)).toEqual(before);

    const deleted = await newsroomWithPendingInvitation();
    await db.company.update({ where: { id: deleted.companyId }, data: { deletedAt: new Date() } });
    expect(
      await statusesOf(
        attempts(deleted.owner.id, deleted.companyId, { userId: deleted.member.id, invitationId: deleted.pending.invitationId }),
      ),
    ).toEqual(all(404));
  });

  it("a deactivated owner is refused like a stranger", async () => {
    const { companyId, owner, member, pending } = await newsroomWithPendingInvitation();
    await db.user.update({ where: { id: owner.id }, data: { isActive: false } });
    const before = await snapshot(companyId);
    expect(await statusesOf(attempts(owner.id, companyId, { userId: member.id, invitationId: pending.invitationId }))).toEqual(all(404));
    expect(await snapshot(companyId)).toEqual(before);
  });
});
