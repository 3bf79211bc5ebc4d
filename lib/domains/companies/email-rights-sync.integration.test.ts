import { describe, expect, it } from "vitest";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import type { CompanyRole, GrantedVia, Prisma } from "@/lib/generated/prisma/client";
import { seedCompany, seedUser, unique } from "@/tests/factories";
import { assignNewsroomMemberByApi } from "./api-newsroom-assignment";
import { syncEmailRights } from "./email-rights-sync";
import { leaveNewsroom, removeMember } from "./team";

const verified = new Date("2026-02-01T00:00:00Z");

async function seedAccount(data: Partial<Prisma.UserUncheckedCreateInput> = {}) {
  return seedUser({ email: `${unique("presse")}@firma.example`, emailVerifiedAt: verified, ...data });
}

async function grant(
  userId: number,
  role: CompanyRole,
  grantedVia: GrantedVia,
  company: Partial<Prisma.CompanyUncheckedCreateInput> = {},
  contacts: string[] = [],
) {
  const c = await seedCompany({ email: `${unique("info")}@firma.example`, ...company });
  for (const email of contacts) await db.contact.create({ data: { companyId: c.id, name: "Pressestelle", email } });
  await db.companyUser.create({ data: { companyId: c.id, userId, role, grantedVia } });
  return c.id;
}

const roleOf = async (userId: number, companyId: number) =>
  await db.companyUser.findUniqueOrThrow({ where: { companyId_userId: { companyId, userId } }, select: { role: true, grantedVia: true } });

const loweredLog = (companyIds: number[]) =>
  db.activityLog.findMany({
    where: { type: ACTIVITY.companyRoleLowered, subjectType: "company", subjectId: { in: companyIds.map(String) } },
  });

describe("the e-mail rights sync at login", () => {
  it("lowers only automatic responsible rights without a current address match, once", async () => {
    const user = await seedAccount();
    const other = await seedAccount();
    const upper = user.email.toUpperCase();
    const ids = {
      companyAddress: await grant(user.id, "responsible", "auto", { email: upper }),
      contactAddress: await grant(user.id, "responsible", "auto", {}, ["someone@else.example", upper]),
      sameDomainOnly: await grant(user.id, "responsible", "auto", {}, [`pressestelle@firma.example`]),
      noAddressAtAll: await grant(user.id, "responsible", "auto", { email: null }),
      manual: await grant(user.id, "responsible", "manual"),
      api: await grant(user.id, "responsible", "api"),
      legacy: await grant(user.id, "responsible", "legacy_import"),
      autoMember: await grant(user.id, "member", "auto"),
      autoOwner: await grant(user.id, "owner", "auto"),
      otherUsers: await grant(other.id, "responsible", "auto"),
    };

    const first = await syncEmailRights(user.id);
    expect(first.lowered).toEqual([ids.sameDomainOnly, ids.noAddressAtAll].sort((a, b) => a - b));

    const roles = Object.fromEntries(
      await Promise.all(Object.entries(ids).map(async ([k, id]) => [k, await roleOf(k === "otherUsers" ? other.id : user.id, id)])),
    );
    expect(roles).toEqual({
      companyAddress: { role: "responsible", grantedVia: "auto" },
      contactAddress: { role: "responsible", grantedVia: "auto" },
      sameDomainOnly: { role: "member", grantedVia: "auto" },
      noAddressAtAll: { role: "member", grantedVia: "auto" },
      manual: { role: "responsible", grantedVia: "manual" },
      api: { role: "responsible", grantedVia: "api" },
      legacy: { role: "responsible", grantedVia: "legacy_import" },
      autoMember: { role: "member", grantedVia: "auto" },
      autoOwner: { role: "owner", grantedVia: "auto" },
      otherUsers: { role: "responsible", grantedVia: "auto" },
    });
    const log = await loweredLog(first.lowered);
    expect(
      log.map((r) => ({ actor: r.actorUserId, subject: Number(r.subjectId), result: r.result })).sort((a, b) => a.subject - b.subject),
    ).toEqual(first.lowered.map((id) => ({ actor: null, subject: id, result: "member" })));

    // Idempotent: nothing left to lower, nothing logged again.
    expect(await syncEmailRights(user.id)).toEqual({ lowered: [], suggested: [] });
    expect(await loweredLog(first.lowered)).toHaveLength(2);
  });

  it("follows the current address: a changed account address or a removed contact loses the match", async () => {
    const user = await seedAccount();
    const viaContact = await grant(user.id, "responsible", "auto", {}, [user.email]);
    const contactRemoved = await grant(user.id, "responsible", "auto", {}, [user.email]);
    expect(await syncEmailRights(user.id)).toEqual({ lowered: [], suggested: [] });

    await db.contact.deleteMany({ where: { companyId: contactRemoved } });
    expect(await syncEmailRights(user.id)).toEqual({ lowered: [contactRemoved], suggested: [] });

    // A pending change does not count; only the redeemed address is the current one.
    await db.user.update({ where: { id: user.id }, data: { pendingEmail: `${unique("neu")}@firma.example` } });
    expect(await syncEmailRights(user.id)).toEqual({ lowered: [], suggested: [] });

    await db.user.update({ where: { id: user.id }, data: { email: `${unique("neu")}@firma.example`, pendingEmail: null } });
    expect(await syncEmailRights(user.id)).toEqual({ lowered: [viaContact], suggested: [] });
    expect((await roleOf(user.id, viaContact)).role).toBe("member");
  });

  it("does not run for an unverified, inactive or deleted account", async () => {
    const accounts = [
      await seedAccount({ emailVerifiedAt: null }),
      await seedAccount({ isActive: false }),
      await seedAccount({ deletedAt: new Date() }),
    ];
    for (const account of accounts) {
      const companyId = await grant(account.id, "responsible", "auto");
      expect(await syncEmailRights(account.id)).toEqual({ lowered: [], suggested: [] });
      expect((await roleOf(account.id, companyId)).role).toBe("responsible");
    }
    expect(await syncEmailRights(2_000_000_000)).toEqual({ lowered: [], suggested: [] });
  });

  it("lowers each right exactly once when two logins sync at the same moment", async () => {
    const user = await seedAccount();
    const companies = [
      await grant(user.id, "responsible", "auto"),
      await grant(user.id, "responsible", "auto"),
      await grant(user.id, "responsible", "auto"),
    ];
    const runs = await Promise.all([syncEmailRights(user.id), syncEmailRights(user.id)]);
    // The user's row lock lets one sync do all the work; the other then finds nothing.
    expect(runs.map((r) => r.lowered).sort((a, b) => b.length - a.length)).toEqual([companies, []]);
    expect(await loweredLog(companies)).toHaveLength(3);
    expect(await db.companyUser.count({ where: { userId: user.id, role: "member" } })).toBe(3);
  });

  it("commits or rolls back with the caller's transaction", async () => {
    const user = await seedAccount();
    const companyId = await grant(user.id, "responsible", "auto");
    await expect(
      db.$transaction(async (tx) => {
        expect(await syncEmailRights(user.id, tx)).toEqual({ lowered: [companyId], suggested: [] });
        throw new Error("login failed later");
      }),
    ).rejects.toThrow("login failed later");
    expect((await roleOf(user.id, companyId)).role).toBe("responsible");
    await db.$transaction((tx) => syncEmailRights(user.id, tx));
    expect((await roleOf(user.id, companyId)).role).toBe("member");
  });
});

const foundLog = (companyIds: number[]) =>
  db.activityLog.findMany({
    where: { type: ACTIVITY.companyEmailMatchFound, subjectType: "company", subjectId: { in: companyIds.map(String) } },
    orderBy: { subjectId: "asc" },
  });

async function companyWithContacts(company: Partial<Prisma.CompanyUncheckedCreateInput>, contacts: string[]) {
  const c = await seedCompany({ email: `${unique("info")}@firma.example`, ...company });
  for (const email of contacts) await db.contact.create({ data: { companyId: c.id, name: "Pressestelle", email } });
  return c.id;
}

const membershipsOf = async (userId: number, companyIds: number[]) =>
  Object.fromEntries(
    (
      await db.companyUser.findMany({
        where: { userId, companyId: { in: companyIds } },
        select: { companyId: true, role: true, grantedVia: true },
      })
    ).map((r) => [r.companyId, `${r.role}/${r.grantedVia}`]),
  );

const matchesOf = async (userId: number) =>
  (
    await db.companyEmailMatch.findMany({ where: { userId }, select: { companyId: true, matchedOn: true }, orderBy: { companyId: "asc" } })
  ).map((m) => [m.companyId, m.matchedOn]);

describe("an address match grants nothing by itself: it waits for an owner", () => {
  it("records a match where the company's or a contact's address matches, grants no role and raises no automatic member", async () => {
    const user = await seedAccount();
    const upper = user.email.toUpperCase();
    const ids = {
      companyAddress: await companyWithContacts({ email: upper }, []),
      contactAddress: await companyWithContacts({}, ["someone@else.example", upper]),
      autoMember: await grant(user.id, "member", "auto", {}, [user.email]),
      manualMember: await grant(user.id, "member", "manual", {}, [user.email]),
      apiMember: await grant(user.id, "member", "api", {}, [user.email]),
      legacyMember: await grant(user.id, "member", "legacy_import", {}, [user.email]),
      autoOwner: await grant(user.id, "owner", "auto", {}, [user.email]),
      sameDomainOnly: await companyWithContacts({ email: "presse@firma.example" }, ["redaktion@firma.example"]),
      gone: await companyWithContacts({ goneAt: verified }, [user.email]),
      deleted: await companyWithContacts({ deletedAt: verified }, [user.email]),
      merged: await companyWithContacts({ mergedIntoCompanyId: (await seedCompany()).id }, [user.email]),
    };

    const first = await syncEmailRights(user.id);
    expect(first).toEqual({ lowered: [], suggested: [ids.companyAddress, ids.contactAddress].sort((a, b) => a - b) });
    expect(await matchesOf(user.id)).toEqual(
      [
        [ids.companyAddress, "company"],
        [ids.contactAddress, "contact"],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    expect(await membershipsOf(user.id, Object.values(ids))).toEqual({
      [ids.autoMember]: "member/auto",
      [ids.manualMember]: "member/manual",
      [ids.apiMember]: "member/api",
      [ids.legacyMember]: "member/legacy_import",
      [ids.autoOwner]: "owner/auto",
    });
    const log = await foundLog(first.suggested);
    expect(log.map((r) => ({ actor: r.actorUserId, subject: Number(r.subjectId), reason: r.reason, metadata: r.metadata }))).toEqual(
      first.suggested.map((id) => ({ actor: null, subject: id, reason: "email_match", metadata: { userId: user.id } })),
    );
    expect(
      await db.activityLog.count({ where: { type: ACTIVITY.companyRoleGranted, subjectId: { in: Object.values(ids).map(String) } } }),
    ).toBe(0);

    // Idempotent: nothing new, nothing logged again.
    expect(await syncEmailRights(user.id)).toEqual({ lowered: [], suggested: [] });
    expect(await foundLog(first.suggested)).toHaveLength(2);
  });

  it("drops a match that no longer holds and records it again when the address is back", async () => {
    const user = await seedAccount();
    const companyId = await companyWithContacts({}, [user.email]);
    expect(await syncEmailRights(user.id)).toEqual({ lowered: [], suggested: [companyId] });
    await db.contact.deleteMany({ where: { companyId } });
    expect(await syncEmailRights(user.id)).toEqual({ lowered: [], suggested: [] });
    expect(await matchesOf(user.id)).toEqual([]);
    await db.contact.create({ data: { companyId, name: "Pressestelle", email: user.email } });
    expect(await syncEmailRights(user.id)).toEqual({ lowered: [], suggested: [companyId] });
    expect(await membershipsOf(user.id, [companyId])).toEqual({});
  });

  it("records nothing for an address classified as agency: shared by three companies, or classified so by hand", async () => {
    const shared = await seedAccount();
    for (let i = 0; i < 3; i++) await companyWithContacts({ email: shared.email }, []);
    expect(await syncEmailRights(shared.id)).toEqual({ lowered: [], suggested: [] });

    const byHand = await seedAccount();
    await companyWithContacts({ email: byHand.email }, []);
    await db.companyEmailGroup.create({
      data: {
        normalizedEmail: byHand.email,
        classification: "company",
        manualClassification: "agency",
        effectiveClassification: "agency",
        companyCount: 1,
        computedAt: verified,
      },
    });
    expect(await syncEmailRights(byHand.id)).toEqual({ lowered: [], suggested: [] });
    expect(await matchesOf(byHand.id)).toEqual([]);

    const pair = await seedAccount();
    const both = [await companyWithContacts({ email: pair.email }, []), await companyWithContacts({ email: pair.email }, [])];
    expect((await syncEmailRights(pair.id)).suggested).toEqual(both);
  });

  it("records nothing for an unverified, inactive or deleted account", async () => {
    for (const data of [{ emailVerifiedAt: null }, { isActive: false }, { deletedAt: new Date() }]) {
      const account = await seedAccount(data);
      await companyWithContacts({}, [account.email]);
      expect(await syncEmailRights(account.id)).toEqual({ lowered: [], suggested: [] });
      expect(await matchesOf(account.id)).toEqual([]);
    }
  });

  it("records each match exactly once when two logins sync at the same moment", async () => {
    const user = await seedAccount();
    const companies = [await companyWithContacts({}, [user.email]), await companyWithContacts({}, [user.email])];
    const runs = await Promise.all([syncEmailRights(user.id), syncEmailRights(user.id)]);
    expect(runs.map((r) => r.suggested).sort((a, b) => b.length - a.length)).toEqual([companies, []]);
    expect(await foundLog(companies)).toHaveLength(2);
    expect(await db.companyEmailMatch.count({ where: { userId: user.id } })).toBe(2);
  });
});

describe("a person removed from a newsroom stays removed", () => {
  it("is not offered again after a removal or leaving, and an API attachment does not lift the block", async () => {
    const owner = await seedAccount();
    const person = await seedAccount();
    const removed = await companyWithContacts({}, [person.email]);
    const left = await companyWithContacts({}, [person.email]);
    for (const companyId of [removed, left]) {
      await db.companyUser.create({ data: { companyId, userId: owner.id, role: "owner", grantedVia: "manual" } });
      await db.companyUser.create({ data: { companyId, userId: person.id, role: "responsible", grantedVia: "auto" } });
    }

    await removeMember({ actorUserId: owner.id, companyId: removed, userId: person.id });
    await leaveNewsroom({ userId: person.id, companyId: left });
    expect(await syncEmailRights(person.id)).toEqual({ lowered: [], suggested: [] });
    expect(await membershipsOf(person.id, [removed, left])).toEqual({});
    expect(await matchesOf(person.id)).toEqual([]);

    // The owner attaches the person through the API: the block stays for a later removal.
    await assignNewsroomMemberByApi({ callerUserId: owner.id, companyId: removed, email: person.email, role: "member" });
    expect(await db.companyAutoGrantBlock.count({ where: { companyId: removed, email: person.email } })).toBe(1);
  });
});
