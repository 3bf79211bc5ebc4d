import { describe, expect, it } from "vitest";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { hashLinkToken } from "@/lib/domains/accounts/login-links";
import { registerAccount } from "@/lib/domains/auth/registration/register-account";
import { signInWithInvitation, signInWithLoginLink } from "@/lib/domains/auth/login/login-link-login";
import { db } from "@/lib/core/db/client";
import { seedUser } from "@/tests/factories";
import { client, invitationRows, invitationTokenFor, join, newAddress, seedTeam, teamRows } from "@/tests/team-fixtures";
import { acceptInvitation, findInvitationByToken, inviteMember, resendInvitation, revokeInvitation } from "./index";

const DAY = 86_400_000;

describe("inviting into a newsroom", () => {
  it("writes the invitation, its 7-day login link, the mail and the activity row together", async () => {
    const {
      companyId,
      name,
      people: [owner],
    } = await seedTeam(["owner"]);
    const email = newAddress();
    const sent = await inviteMember({ actorUserId: owner!.id, companyId, email: `  ${email.toUpperCase()} `, role: "responsible" });

    const invitation = await db.companyInvitation.findUniqueOrThrow({ where: { id: sent.invitationId } });
    expect(invitation).toMatchObject({
      companyId,
      email,
      role: "responsible",
      invitedByUserId: owner!.id,
      acceptedAt: null,
      revokedAt: null,
    });
    const link = await db.magicLink.findUniqueOrThrow({ where: { id: invitation.magicLinkId! } });
    expect(link).toMatchObject({
      email,
      userId: null,
      purpose: "invitation",
      source: "team_invitation",
      payload: { invitationId: invitation.id },
      usedAt: null,
    });
    expect(link.expiresAt.getTime() - link.createdAt.getTime()).toBeGreaterThan(7 * DAY - 60_000);
    expect(invitation.expiresAt).toEqual(link.expiresAt);

    const mail = await db.mailOutbox.findFirstOrThrow({ where: { to: email, mailType: "team_invitation" } });
    expect(mail.text).toContain(`„${name}“`);
    expect(mail.text).toContain("Verantwortliche/r");
    expect(hashLinkToken(await invitationTokenFor(email))).toBe(link.tokenHash);
    expect(
      await db.activityLog.count({
        where: { type: ACTIVITY.companyInvitationSent, subjectId: String(companyId), actorUserId: owner!.id, result: "responsible" },
      }),
    ).toBe(1);
  });

  it("links the invitation to the account of an address that has one, and mails in its language", async () => {
    const {
      companyId,
      people: [owner],
    } = await seedTeam(["owner"]);
    const invitee = await seedUser({ email: newAddress(), locale: "en" });
    const sent = await inviteMember({ actorUserId: owner!.id, companyId, email: invitee.email, role: "member" });
    const link = await db.magicLink.findFirstOrThrow({ where: { payload: { equals: { invitationId: sent.invitationId } } } });
    expect(link.userId).toBe(invitee.id);
    expect((await db.mailOutbox.findFirstOrThrow({ where: { to: invitee.email, mailType: "team_invitation" } })).subject).toMatch(
      /^Invitation to the newsroom/,
    );
  });

  it("refuses an address already in the team (409) and a malformed address or role (422), writing nothing", async () => {
    const {
      companyId,
      people: [owner, colleague],
    } = await seedTeam(["owner", "member"]);
    const before = await invitationRows(companyId);
    await expect(
      inviteMember({ actorUserId: owner!.id, companyId, email: colleague!.email.toUpperCase(), role: "owner" }),
    ).rejects.toMatchObject({ status: 409, reason: "already_member" });
    await expect(inviteMember({ actorUserId: owner!.id, companyId, email: "no-at-sign.example", role: "member" })).rejects.toMatchObject({
      status: 422,
      reason: "invalid_email",
      issues: [{ path: "email" }],
    });
    await expect(inviteMember({ actorUserId: owner!.id, companyId, email: newAddress(), role: "admin" })).rejects.toMatchObject({
      status: 422,
      reason: "invalid_role",
    });
    expect(await invitationRows(companyId)).toEqual(before);
    expect(await db.mailOutbox.count({ where: { to: colleague!.email } })).toBe(0);
  });

  it("sends again by replacing the open invitation: the old one revoked, its link closed", async () => {
    const {
      companyId,
      people: [owner],
    } = await seedTeam(["owner"]);
    const email = newAddress();
    const first = await inviteMember({ actorUserId: owner!.id, companyId, email, role: "member" });
    const firstToken = await invitationTokenFor(email);
    const again = await resendInvitation({ actorUserId: owner!.id, companyId, invitationId: first.invitationId });
    expect(again).toMatchObject({ email, role: "member", replacedInvitationId: first.invitationId });
    const rows = await invitationRows(companyId);
    expect(rows.map((r) => [r.id, r.revokedAt !== null])).toEqual([
      [first.invitationId, true],
      [again.invitationId, false],
    ]);
    expect(await findInvitationByToken(firstToken)).toBeNull();
    expect(await findInvitationByToken(await invitationTokenFor(email))).toMatchObject({
      invitationId: again.invitationId,
      companyId,
      role: "member",
    });
  });

  it("revokes an expired open invitation first, so the address can be invited again", async () => {
    const {
      companyId,
      people: [owner],
    } = await seedTeam(["owner"]);
    const email = newAddress();
    const old = await inviteMember({ actorUserId: owner!.id, companyId, email, role: "member", now: new Date(Date.now() - 8 * DAY) });
    const fresh = await inviteMember({ actorUserId: owner!.id, companyId, email, role: "owner" });
    expect(fresh.replacedInvitationId).toBeNull();
    expect((await db.companyInvitation.findUniqueOrThrow({ where: { id: old.invitationId } })).revokedAt).not.toBeNull();
  });

  it("throttles one owner's invitations (30 an hour) with a Retry-After", async () => {
    const {
      companyId,
      people: [owner],
    } = await seedTeam(["owner"]);
    for (let i = 0; i < 30; i++) await inviteMember({ actorUserId: owner!.id, companyId, email: newAddress(), role: "member" });
    const refused = await inviteMember({ actorUserId: owner!.id, companyId, email: newAddress(), role: "member" }).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      status: 429,
      reason: "too_many_invitations",
      headers: { "Retry-After": expect.stringMatching(/^\d+$/) },
    });
    expect(await db.companyInvitation.count({ where: { companyId } })).toBe(30);
  });

  it("revokes an open invitation and closes its link", async () => {
    const {
      companyId,
      people: [owner],
    } = await seedTeam(["owner"]);
    const email = newAddress();
    const sent = await inviteMember({ actorUserId: owner!.id, companyId, email, role: "member" });
    const token = await invitationTokenFor(email);
    await revokeInvitation({ actorUserId: owner!.id, companyId, invitationId: sent.invitationId });
    expect(await findInvitationByToken(token)).toBeNull();
    await expect(revokeInvitation({ actorUserId: owner!.id, companyId, invitationId: sent.invitationId })).rejects.toMatchObject({
      status: 404,
    });
    expect(await db.activityLog.count({ where: { type: ACTIVITY.companyInvitationRevoked, subjectId: String(companyId) } })).toBe(1);
  });
});

describe("accepting an invitation", () => {
  async function invited(role: "owner" | "member" | "responsible" = "member", user: Parameters<typeof seedUser>[0] = {}) {
    const team = await seedTeam(["owner"]);
    const invitee = await seedUser({ email: newAddress(), ...user });
    const sent = await inviteMember({ actorUserId: team.people[0]!.id, companyId: team.companyId, email: invitee.email, role });
    return { ...team, invitee, sent, token: await invitationTokenFor(invitee.email) };
  }

  it("joins with the invited role (granted by hand), marks it accepted, spends the link, logs it", async () => {
    const { companyId, invitee, sent, token } = await invited("responsible");
    const accepted = await acceptInvitation({ token, signedInUserId: invitee.id });
    expect(accepted).toEqual({ invitationId: sent.invitationId, companyId, userId: invitee.id, email: invitee.email, role: "responsible" });
    expect(await teamRows(companyId)).toContain(`${invitee.id}:responsible/manual`);
    expect(await db.companyInvitation.findUniqueOrThrow({ where: { id: sent.invitationId } })).toMatchObject({
      acceptedByUserId: invitee.id,
      acceptedAt: expect.any(Date),
    });
    expect(
      await db.activityLog.count({
        where: { type: ACTIVITY.companyInvitationAccepted, actorUserId: invitee.id, subjectId: String(companyId) },
      }),
    ).toBe(1);
    // Once: the same link again is an invalid invitation.
    await expect(acceptInvitation({ token })).rejects.toMatchObject({ status: 410, reason: "invitation_invalid" });
  });

  it("keeps a higher role the person gained meanwhile, and raises a lower one", async () => {
    const higher = await invited("member");
    await db.companyUser.create({
      data: { companyId: higher.companyId, userId: higher.invitee.id, role: "responsible", grantedVia: "auto" },
    });
    expect((await acceptInvitation({ token: higher.token })).role).toBe("responsible");
    expect(await teamRows(higher.companyId)).toContain(`${higher.invitee.id}:responsible/auto`);

    const lower = await invited("owner");
    await db.companyUser.create({ data: { companyId: lower.companyId, userId: lower.invitee.id, role: "member", grantedVia: "auto" } });
    expect((await acceptInvitation({ token: lower.token })).role).toBe("owner");
    expect(await teamRows(lower.companyId)).toContain(`${lower.invitee.id}:owner/manual`);
  });

  it("refuses another signed-in account and an address without an account, and the link stays usable", async () => {
    const { companyId, invitee, token } = await invited("member");
    const stranger = await seedUser();
    await expect(acceptInvitation({ token, signedInUserId: stranger.id })).rejects.toMatchObject({ status: 403, reason: "wrong_account" });
    expect((await teamRows(companyId)).some((r) => r.startsWith(`${stranger.id}:`))).toBe(false);

    const team = await seedTeam(["owner"]);
    const email = newAddress();
    await inviteMember({ actorUserId: team.people[0]!.id, companyId: team.companyId, email, role: "member" });
    await expect(acceptInvitation({ token: await invitationTokenFor(email) })).rejects.toMatchObject({
      status: 409,
      reason: "account_needed",
    });
    expect(await findInvitationByToken(await invitationTokenFor(email))).not.toBeNull();

    expect((await acceptInvitation({ token, signedInUserId: invitee.id })).userId).toBe(invitee.id);
  });

  it("refuses an expired, revoked or removed newsroom's invitation with one answer", async () => {
    const expired = await invited();
    await expect(acceptInvitation({ token: expired.token, now: new Date(Date.now() + 8 * DAY) })).rejects.toMatchObject({
      status: 410,
      reason: "invitation_invalid",
    });
    const revoked = await invited();
    await revokeInvitation({ actorUserId: revoked.people[0]!.id, companyId: revoked.companyId, invitationId: revoked.sent.invitationId });
    await expect(acceptInvitation({ token: revoked.token })).rejects.toMatchObject({ status: 410 });
    const removed = await invited();
    await db.company.update({ where: { id: removed.companyId }, data: { goneAt: new Date() } });
    await expect(acceptInvitation({ token: removed.token })).rejects.toMatchObject({ status: 410 });
    for (const c of [expired, revoked, removed]) expect((await teamRows(c.companyId)).length).toBe(1);
  });

  it("signs the invited account in through the login-link path, and proves its mailbox", async () => {
    const { companyId, invitee, token } = await invited("member", { emailVerifiedAt: null });
    const signedIn = await signInWithInvitation({ token, client: client() });
    expect(signedIn).toMatchObject({ userId: invitee.id, companyId, twoFactorPending: false });
    expect(await db.session.count({ where: { id: signedIn.sessionId, userId: invitee.id } })).toBe(1);
    expect((await db.user.findUniqueOrThrow({ where: { id: invitee.id } })).emailVerifiedAt).not.toBeNull();
    await expect(signInWithInvitation({ token, client: client() })).rejects.toMatchObject({ name: "LoginRefusedError" });
  });

  it("lets an address without an account register from the invitation and join on confirming", async () => {
    const team = await seedTeam(["owner"]);
    const email = newAddress();
    const sent = await inviteMember({ actorUserId: team.people[0]!.id, companyId: team.companyId, email, role: "responsible" });
    const invitationToken = await invitationTokenFor(email);
    await registerAccount({
      name: "Neue Kollegin",
      email,
      password: "a long enough passphrase",
      acceptTerms: true,
      ip: "192.0.2.45",
      invitationToken,
    });
    const mail = await db.mailOutbox.findFirstOrThrow({ where: { to: email, mailType: "registration_confirm" } });
    const confirmToken = /\/login\/link\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    expect((await db.magicLink.findUniqueOrThrow({ where: { tokenHash: hashLinkToken(confirmToken) } })).payload).toMatchObject({
      invitationId: sent.invitationId,
    });
    expect(await teamRows(team.companyId)).toHaveLength(1);

    const { userId } = await signInWithLoginLink({ token: confirmToken, client: client() });
    expect(await teamRows(team.companyId)).toContain(`${userId}:responsible/manual`);
    expect(await db.companyInvitation.findUniqueOrThrow({ where: { id: sent.invitationId } })).toMatchObject({ acceptedByUserId: userId });
    // The invitation's own link closed with the acceptance.
    expect(await findInvitationByToken(invitationToken)).toBeNull();
  });

  it("ignores an invitation token of another address at registration", async () => {
    const team = await seedTeam(["owner"]);
    const invitedEmail = newAddress();
    await inviteMember({ actorUserId: team.people[0]!.id, companyId: team.companyId, email: invitedEmail, role: "owner" });
    const otherEmail = newAddress();
    await registerAccount({
      name: "Jemand",
      email: otherEmail,
      password: "a long enough passphrase",
      acceptTerms: true,
      ip: "192.0.2.46",
      invitationToken: await invitationTokenFor(invitedEmail),
    });
    const mail = await db.mailOutbox.findFirstOrThrow({ where: { to: otherEmail, mailType: "registration_confirm" } });
    const confirmToken = /\/login\/link\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    expect((await db.magicLink.findUniqueOrThrow({ where: { tokenHash: hashLinkToken(confirmToken) } })).payload).toBeNull();
    await signInWithLoginLink({ token: confirmToken, client: client() });
    expect(await teamRows(team.companyId)).toHaveLength(1);
  });
});

it("an accepted join survives the invitation's owner leaving the team afterwards", async () => {
  const {
    companyId,
    people: [owner],
  } = await seedTeam(["owner"]);
  const second = await join(companyId, "owner");
  const invitee = await seedUser({ email: newAddress() });
  await inviteMember({ actorUserId: owner!.id, companyId, email: invitee.email, role: "member" });
  await db.companyUser.delete({ where: { companyId_userId: { companyId, userId: owner!.id } } });
  await acceptInvitation({ token: await invitationTokenFor(invitee.email) });
  expect(await teamRows(companyId)).toEqual([`${second.id}:owner/manual`, `${invitee.id}:member/manual`]);
});

describe("invitations under contention", () => {
  it("the same address invited twice at once ends as one open invitation (the later replaced the earlier)", async () => {
    const {
      companyId,
      people: [owner],
    } = await seedTeam(["owner", "owner"]);
    const email = newAddress();
    const sent = await Promise.all([
      inviteMember({ actorUserId: owner!.id, companyId, email, role: "member" }),
      inviteMember({ actorUserId: owner!.id, companyId, email, role: "responsible" }),
    ]);
    const open = (await invitationRows(companyId)).filter((r) => r.revokedAt === null);
    expect(open).toHaveLength(1);
    expect(sent.filter((s) => s.replacedInvitationId !== null).map((s) => s.replacedInvitationId)).toEqual(
      sent.filter((s) => s.invitationId !== open[0]!.id).map((s) => s.invitationId),
    );
  });

  it("one link clicked twice at once (two tabs) joins once", async () => {
    const team = await seedTeam(["owner"]);
    const invitee = await seedUser({ email: newAddress() });
    await inviteMember({ actorUserId: team.people[0]!.id, companyId: team.companyId, email: invitee.email, role: "member" });
    const token = await invitationTokenFor(invitee.email);
    const results = await Promise.allSettled([acceptInvitation({ token }), acceptInvitation({ token })]);
    expect(results.map((r) => (r.status === "fulfilled" ? "joined" : (r.reason as { status: number }).status)).sort()).toEqual([
      410,
      "joined",
    ]);
    expect(await db.activityLog.count({ where: { type: ACTIVITY.companyInvitationAccepted, subjectId: String(team.companyId) } })).toBe(1);
  });
});
