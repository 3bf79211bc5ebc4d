import { describe, expect, it } from "vitest";
import { CustomerOnlyActionError } from "@/lib/core/errors/customer-acting";
import { db } from "@/lib/core/db/client";
import { seedUser } from "@/tests/factories";
import { invitationRows, invitationTokenFor, join, newAddress, seedTeam, teamRows } from "@/tests/team-fixtures";
import {
  acceptInvitation,
  changeMemberRole,
  confirmAutoMember,
  declineEmailMatch,
  inviteEmailMatch,
  inviteMember,
  leaveNewsroom,
  removeMember,
  resendInvitation,
  revokeInvitation,
} from "./index";

// Staff acting as the customer (support access, spec 6.1) call the team functions directly, with
// the owner's session as `acting`: every team change is the customer's own decision, so each
// function refuses before it looks at anything, and nothing changes: no member, role, invitation,
// address match, link or mail. The same calls by the customer in person go through.

const TEAM_REFUSAL = /^Im Support-Zugang lässt sich das Team nicht ändern/;
const refused = {
  name: "CustomerOnlyActionError",
  code: "forbidden",
  status: 403,
  message: expect.stringMatching(TEAM_REFUSAL),
  details: { reason: "impersonation", action: "team" },
};

/** An owner's newsroom with a member, an auto-added member, an open invitation and an open address match; support acting as the owner. */
async function newsroomUnderSupport() {
  const {
    companyId,
    people: [owner, member],
  } = await seedTeam(["owner", "member"]);
  const auto = await join(companyId, "responsible", "auto");
  const invitee = await seedUser({ email: newAddress(), emailVerifiedAt: new Date() });
  const sent = await inviteMember({
    actorUserId: owner!.id,
    companyId,
    email: invitee.email,
    role: "member",
    acting: { impersonatorUserId: null },
  });
  // An account whose address is the newsroom's own: a match only the owner decides on.
  const matched = await seedUser({ email: newAddress(), emailVerifiedAt: new Date() });
  await db.company.update({ where: { id: companyId }, data: { email: matched.email } });
  const match = await db.companyEmailMatch.create({ data: { companyId, userId: matched.id, email: matched.email, matchedOn: "company" } });
  const staff = await seedUser({ staffRole: "admin", permissions: ["users:manage"] });
  return {
    companyId,
    owner: owner!,
    member: member!,
    auto,
    invitee,
    invitationId: sent.invitationId,
    match,
    support: { impersonatorUserId: staff.id },
    staffEmail: staff.email,
  };
}

/** Everything a team change could touch. */
async function teamWorld(companyId: number) {
  return {
    team: await teamRows(companyId),
    invitations: await invitationRows(companyId),
    matches: await db.companyEmailMatch.findMany({ where: { companyId }, orderBy: { id: "asc" } }),
    links: await db.magicLink.findMany({
      where: { purpose: "invitation" },
      select: { id: true, usedAt: true, expiresAt: true },
      orderBy: { id: "asc" },
    }),
    mails: await db.mailOutbox.count({ where: { mailType: "team_invitation" } }),
  };
}

describe("the team functions called by staff acting as the customer", () => {
  it("refuse every team change of the owner's session and change nothing", async () => {
    const { companyId, owner, member, auto, invitationId, match, support, staffEmail } = await newsroomUnderSupport();
    const before = await teamWorld(companyId);
    const actorUserId = owner.id;
    const attempts: [string, () => Promise<unknown>][] = [
      [
        "inviteMember (support itself as owner)",
        () => inviteMember({ actorUserId, companyId, email: staffEmail, role: "owner", acting: support }),
      ],
      ["inviteMember", () => inviteMember({ actorUserId, companyId, email: newAddress(), role: "member", acting: support })],
      ["changeMemberRole", () => changeMemberRole({ actorUserId, companyId, userId: member.id, role: "owner", acting: support })],
      ["removeMember", () => removeMember({ actorUserId, companyId, userId: member.id, acting: support })],
      ["confirmAutoMember", () => confirmAutoMember({ actorUserId, companyId, userId: auto.id, acting: support })],
      ["leaveNewsroom", () => leaveNewsroom({ userId: owner.id, companyId, acting: support })],
      ["resendInvitation", () => resendInvitation({ actorUserId, companyId, invitationId, acting: support })],
      ["revokeInvitation", () => revokeInvitation({ actorUserId, companyId, invitationId, acting: support })],
      ["inviteEmailMatch", () => inviteEmailMatch({ actorUserId, companyId, matchId: match.id, role: "responsible", acting: support })],
      ["declineEmailMatch", () => declineEmailMatch({ actorUserId, companyId, matchId: match.id, acting: support })],
    ];
    for (const [name, attempt] of attempts) {
      const error = await attempt().then(
        () => null,
        (err: unknown) => err,
      );
      expect(error, name).toBeInstanceOf(CustomerOnlyActionError);
      expect(error, name).toMatchObject(refused);
    }
    expect(await teamWorld(companyId)).toEqual(before);
  });

  it("refuses accepting an invitation in the invitee's session; the link stays usable and the invitee in person joins", async () => {
    const { companyId, invitee, support } = await newsroomUnderSupport();
    const token = await invitationTokenFor(invitee.email);
    const before = await teamWorld(companyId);
    await expect(acceptInvitation({ token, signedInUserId: invitee.id, acting: support })).rejects.toMatchObject(refused);
    expect(await teamWorld(companyId)).toEqual(before);

    const accepted = await acceptInvitation({ token, signedInUserId: invitee.id, acting: { impersonatorUserId: null } });
    expect(accepted).toMatchObject({ companyId, role: "member" });
    expect(await teamRows(companyId)).toContain(`${invitee.id}:member/manual`);
  });

  it("lets the owner in person make the same changes", async () => {
    const { companyId, owner, member, invitationId, match } = await newsroomUnderSupport();
    const inPerson = { impersonatorUserId: null };
    expect(
      await changeMemberRole({ actorUserId: owner.id, companyId, userId: member.id, role: "responsible", acting: inPerson }),
    ).toMatchObject({ changed: true });
    await revokeInvitation({ actorUserId: owner.id, companyId, invitationId, acting: inPerson });
    await declineEmailMatch({ actorUserId: owner.id, companyId, matchId: match.id, acting: inPerson });
    expect(await teamRows(companyId)).toContain(`${member.id}:responsible/manual`);
    expect((await invitationRows(companyId)).find((i) => i.id === invitationId)?.revokedAt).not.toBeNull();
    expect(await db.companyEmailMatch.count({ where: { companyId } })).toBe(0);
  });
});
