import { describe, expect, it, vi } from "vitest";
import { completeLogin } from "@/lib/domains/auth/login/login-completion";
import { declineEmailMatch, inviteEmailMatch, joinByInvitation, loadTeam } from "@/lib/domains/companies/team";
import { newsroomsOfUser } from "@/lib/domains/accounts/newsrooms";
import { db } from "@/lib/core/db/client";
import { seedUser, unique } from "@/tests/factories";
import { signIn, withPageSession } from "@/tests/page-session";
import { seedTeam, teamRows } from "@/tests/team-fixtures";
import { saveContactAction, updateNewsroomAction } from "../../actions";
import { declineEmailMatchAction, inviteEmailMatchAction, removeMemberAction } from "./actions";

// A press contact's or the newsroom's address never makes anyone a member by itself
// (docs/newsrooms.md): as the attacker through the dashboard's server actions behind a real
// session cookie, and as the stranger whose address was typed in, who then signs in for real.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
withPageSession();
// Outside a request there is no router to refresh.
vi.mock("next/cache", () => ({ refresh: () => {} }));

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

/** An account of someone else, on a domain the contact form accepts. */
const outsider = () => seedUser({ email: `${unique("kim")}@mueller-maschinen.de`, name: "Kim Außen" });
const signsInWithPassword = (userId: number) => completeLogin({ userId, method: "password", client: { ip: "198.51.100.44" } });

describe("press contacts and the newsroom address grant no role", () => {
  it("a responsible types another account's address as press contact: that account signs in and gets nothing; the owner decides", async () => {
    const {
      companyId,
      people: [owner, responsible],
    } = await seedTeam(["owner", "responsible"]);
    const victim = await outsider();
    const teamBefore = await teamRows(companyId);

    await signIn(responsible!.id);
    expect(await saveContactAction(companyId, null, null, form({ name: "Kim Außen", email: victim.email }))).toMatchObject({ ok: true });
    await signsInWithPassword(victim.id);

    expect(await newsroomsOfUser(victim.id)).toEqual([]);
    expect(await teamRows(companyId)).toEqual(teamBefore);
    // The responsible cannot see or act on the match; the owner sees it.
    expect((await loadTeam({ viewerUserId: responsible!.id, companyId })).emailMatches).toEqual([]);
    const [match] = (await loadTeam({ viewerUserId: owner!.id, companyId })).emailMatches;
    // The owner learns the address they typed, nothing about the account behind it.
    expect(match).toEqual({ id: expect.any(Number), email: victim.email, matchedOn: "contact", foundAt: expect.any(Date) });
    expect(await inviteEmailMatchAction(companyId, match!.id, null, form({ role: "responsible" }))).toMatchObject({
      ok: false,
      code: "forbidden",
    });
    expect(await declineEmailMatchAction(companyId, match!.id, null, form({}))).toMatchObject({ ok: false, code: "forbidden" });
    expect(await db.companyInvitation.count({ where: { companyId } })).toBe(0);

    // The owner invites; the person joins only by accepting.
    await signIn(owner!.id);
    expect(await inviteEmailMatchAction(companyId, match!.id, null, form({ role: "responsible" }))).toMatchObject({ ok: true });
    expect(await teamRows(companyId)).toEqual(teamBefore);
    expect((await loadTeam({ viewerUserId: owner!.id, companyId })).emailMatches).toEqual([]);
    const invitation = await db.companyInvitation.findFirstOrThrow({
      where: { companyId, email: victim.email, acceptedAt: null, revokedAt: null },
    });
    expect(invitation.role).toBe("responsible");
    await joinByInvitation({ invitationId: invitation.id, email: victim.email });
    expect(await teamRows(companyId)).toContain(`${victim.id}:responsible/manual`);

    // Removed by the owner, the person stays removed while the contact stays.
    expect(await removeMemberAction(companyId, victim.id, null, form({}))).toMatchObject({ ok: true });
    await signsInWithPassword(victim.id);
    expect(await newsroomsOfUser(victim.id)).toEqual([]);
    expect((await loadTeam({ viewerUserId: owner!.id, companyId })).emailMatches).toEqual([]);
  });

  it("a customer sets the newsroom address or a contact to a stranger's address: the stranger is not attached, and a declined match stays declined", async () => {
    const {
      companyId,
      people: [owner],
    } = await seedTeam(["owner"]);
    const stranger = await outsider();
    await signIn(owner!.id);
    expect(await saveContactAction(companyId, null, null, form({ name: "Kim Außen", email: stranger.email }))).toMatchObject({ ok: true });
    await signsInWithPassword(stranger.id);
    expect(await newsroomsOfUser(stranger.id)).toEqual([]);

    const [match] = (await loadTeam({ viewerUserId: owner!.id, companyId })).emailMatches;
    expect(await declineEmailMatchAction(companyId, match!.id, null, form({}))).toMatchObject({ ok: true });
    expect(await db.companyAutoGrantBlock.findMany({ where: { companyId }, select: { email: true, reason: true } })).toEqual([
      { email: stranger.email, reason: "declined" },
    ]);
    await signsInWithPassword(stranger.id);
    expect(await newsroomsOfUser(stranger.id)).toEqual([]);
    expect((await loadTeam({ viewerUserId: owner!.id, companyId })).emailMatches).toEqual([]);

    // The same through the newsroom's own address, in another newsroom.
    const other = await seedTeam(["owner"]);
    await signIn(other.people[0]!.id);
    const values = {
      name: "Zweite Redaktion",
      portal: "business",
      email: stranger.email,
      website: "",
      addressStreet: "Hafenstraße 12",
      addressPostalCode: "20457",
      addressCity: "Hamburg",
      addressCountry: "DE",
      descriptionDe: "Eine zweite Redaktion für den Test.",
      descriptionEn: "",
    };
    expect(await updateNewsroomAction(other.companyId, null, values)).toMatchObject({ ok: true });
    await signsInWithPassword(stranger.id);
    expect(await newsroomsOfUser(stranger.id)).toEqual([]);
    expect(
      (await loadTeam({ viewerUserId: other.people[0]!.id, companyId: other.companyId })).emailMatches.map((m) => [m.email, m.matchedOn]),
    ).toEqual([[stranger.email, "company"]]);
  });

  it("two owners deciding one match at once: exactly one decision stands", async () => {
    for (let round = 0; round < 3; round++) {
      const {
        companyId,
        people: [first, second],
      } = await seedTeam(["owner", "owner"]);
      const person = await outsider();
      await db.contact.create({ data: { companyId, name: "Kim Außen", email: person.email } });
      await signsInWithPassword(person.id);
      const [match] = (await loadTeam({ viewerUserId: first!.id, companyId })).emailMatches;
      const [invited, declined] = await Promise.allSettled([
        inviteEmailMatch({ actorUserId: first!.id, companyId, matchId: match!.id, role: "responsible" }),
        declineEmailMatch({ actorUserId: second!.id, companyId, matchId: match!.id }),
      ]);
      expect([invited.status, declined.status].sort()).toEqual(["fulfilled", "rejected"]);
      const refused = (invited.status === "rejected" ? invited : declined) as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ reason: "match_not_found" });
      const [invitations, blocks] = [
        await db.companyInvitation.count({ where: { companyId } }),
        await db.companyAutoGrantBlock.count({ where: { companyId } }),
      ];
      expect(invited.status === "fulfilled" ? [invitations, blocks] : [blocks, invitations]).toEqual([1, 0]);
    }
  });

  it("forged match ids are form messages, and a match of another newsroom is not found", async () => {
    const {
      companyId,
      people: [owner],
    } = await seedTeam(["owner"]);
    const elsewhere = await seedTeam(["owner"], { email: (await outsider()).email });
    const person = await db.user.findFirstOrThrow({
      where: { email: (await db.company.findUniqueOrThrow({ where: { id: elsewhere.companyId } })).email! },
    });
    await signsInWithPassword(person.id);
    const foreign = await db.companyEmailMatch.findFirstOrThrow({ where: { companyId: elsewhere.companyId } });
    await signIn(owner!.id);
    for (const id of [0, -1, 1.5, Number.NaN, "7x" as unknown as number]) {
      expect(await inviteEmailMatchAction(companyId, id, null, form({ role: "member" }))).toMatchObject({ ok: false, code: "not_found" });
    }
    expect(await inviteEmailMatchAction(companyId, foreign.id, null, form({ role: "member" }))).toMatchObject({
      ok: false,
      code: "not_found",
      message: "Dieser Vorschlag ist nicht mehr offen. Laden Sie die Seite neu.",
    });
    expect(await declineEmailMatchAction(companyId, foreign.id, null, form({}))).toMatchObject({ ok: false, code: "not_found" });
    expect(await inviteEmailMatchAction(elsewhere.companyId, foreign.id, null, form({ role: "member" }))).toMatchObject({
      ok: false,
      code: "not_found",
    });
    expect(await db.companyEmailMatch.count({ where: { id: foreign.id } })).toBe(1);
  });
});
