import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { completeLogin } from "@/lib/domains/auth/login/login-completion";
import { inviteMember } from "@/lib/domains/companies/team";
import { db } from "@/lib/core/db/client";
import { seedUser, unique } from "@/tests/factories";
import { signIn, withPageSession } from "@/tests/page-session";
import { invitationRows, join, newAddress, seedTeam, teamRows } from "@/tests/team-fixtures";
import { confirmAutoMemberAction, leaveNewsroomAction, removeMemberAction } from "./actions";

// The team page as the owner uses it, behind a real session cookie: an address match shows the
// address the owner typed and nothing about the account behind it; someone the e-mail sync once
// added by address alone stands out and is confirmed or removed; removing someone, or leaving,
// takes back the invitations still open to that address.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
withPageSession();
vi.mock("next/cache", () => ({ refresh: () => {} }));
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  redirect: (url: string) => {
    throw Object.assign(new Error("redirect"), { digest: `NEXT_REDIRECT;${url}` });
  },
}));

const form = () => new FormData();
const page = async (companyId: number) =>
  renderToStaticMarkup((await (await import("./page")).default({ params: Promise.resolve({ id: String(companyId) }) })) as ReactElement);
const AUTO_NOTE = "automatisch über eine Adresse aufgenommen";

describe("the owner's team page", () => {
  it("an address match shows only the address, never the name of the account that has it", async () => {
    const {
      companyId,
      people: [owner],
    } = await seedTeam(["owner"]);
    const account = await seedUser({ email: `${unique("presse")}@mueller-maschinen.de`, name: "Wiebke Geheimname" });
    await db.contact.create({ data: { companyId, name: "Pressestelle", email: account.email } });
    await completeLogin({ userId: account.id, method: "password", client: { ip: "198.51.100.45" } });

    await signIn(owner!.id);
    const html = await page(companyId);
    expect(html).toContain(account.email);
    expect(html).not.toContain("Wiebke");
    expect(html).not.toContain("Geheimname");
  });

  it("someone added by address alone stands out to owners; the owner confirms them (manual from then on) or removes them", async () => {
    const {
      companyId,
      people: [owner, responsible],
    } = await seedTeam(["owner", "responsible"]);
    const kept = await join(companyId, "responsible", "auto", { name: "Karl Automatisch" });
    const dropped = await join(companyId, "member", "auto", { name: "Dora Automatisch" });

    await signIn(owner!.id);
    const html = await page(companyId);
    expect(html.split(AUTO_NOTE)).toHaveLength(3);
    expect(html).toContain("Bestätigen");

    // Not for anyone who does not manage the team; nor for someone not added automatically.
    await signIn(responsible!.id);
    expect(await page(companyId)).not.toContain(AUTO_NOTE);
    expect(await confirmAutoMemberAction(companyId, kept.id, null, form())).toMatchObject({ ok: false, code: "forbidden" });
    await signIn(owner!.id);
    expect(await confirmAutoMemberAction(companyId, responsible!.id, null, form())).toMatchObject({ ok: false, code: "not_found" });
    expect(await confirmAutoMemberAction(companyId, -1, null, form())).toMatchObject({ ok: false, code: "not_found" });

    expect(await confirmAutoMemberAction(companyId, kept.id, null, form())).toMatchObject({ ok: true });
    expect(await removeMemberAction(companyId, dropped.id, null, form())).toMatchObject({ ok: true });
    expect(await teamRows(companyId)).toEqual(
      [`${owner!.id}:owner/manual`, `${responsible!.id}:responsible/manual`, `${kept.id}:responsible/manual`].sort(),
    );
    const [entry] = await db.activityLog.findMany({ where: { type: "company.member_confirmed", subjectId: String(companyId) } });
    expect(entry).toMatchObject({ actorUserId: owner!.id, result: "responsible", metadata: { userId: kept.id, grantedViaBefore: "auto" } });
    expect(await page(companyId)).not.toContain(AUTO_NOTE);
    // Confirmed once is confirmed: a second click finds nothing to confirm.
    expect(await confirmAutoMemberAction(companyId, kept.id, null, form())).toMatchObject({ ok: false, code: "not_found" });
  });

  it("removing someone revokes the invitations still open to their address: the old mail brings nobody back", async () => {
    const {
      companyId,
      people: [owner],
    } = await seedTeam(["owner"]);
    const member = await join(companyId, "member");
    const other = newAddress();
    // An invitation to the member's address sent before they joined another way, and one to someone else.
    await db.companyInvitation.create({
      data: {
        companyId,
        email: member.email,
        role: "responsible",
        invitedByUserId: owner!.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    await inviteMember({ actorUserId: owner!.id, companyId, email: other, role: "member" });
    const open = (await invitationRows(companyId)).filter((i) => i.email === member.email && !i.revokedAt);
    expect(open).toHaveLength(1);

    await signIn(owner!.id);
    expect(await removeMemberAction(companyId, member.id, null, form())).toMatchObject({ ok: true });
    const after = await invitationRows(companyId);
    expect(after.filter((i) => i.email === member.email).every((i) => i.revokedAt !== null)).toBe(true);
    expect(after.filter((i) => i.email === other).map((i) => i.revokedAt)).toEqual([null]);
    const [entry] = await db.activityLog.findMany({ where: { type: "company.member_removed", subjectId: String(companyId) } });
    expect((entry?.metadata as { invitationsRevoked: number[] }).invitationsRevoked.sort()).toEqual(open.map((i) => i.id).sort());
  });

  it("leaving revokes them too", async () => {
    const {
      companyId,
      people: [owner],
    } = await seedTeam(["owner"]);
    const member = await join(companyId, "member");
    await db.companyInvitation.create({
      data: { companyId, email: member.email, role: "owner", invitedByUserId: owner!.id, expiresAt: new Date(Date.now() + 86_400_000) },
    });
    await signIn(member.id);
    await leaveNewsroomAction(companyId, null, form()).catch((e: { digest?: string }) => e.digest);
    expect(await db.companyUser.count({ where: { companyId, userId: member.id } })).toBe(0);
    expect((await invitationRows(companyId)).map((i) => i.revokedAt !== null)).toEqual([true]);
  });
});
