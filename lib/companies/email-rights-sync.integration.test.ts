import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { CompanyRole, GrantedVia, Prisma } from "@/lib/generated/prisma/client";
import { seedCompany, seedUser, unique } from "@/tests/factories";
import { syncEmailRights } from "./email-rights-sync";

const verified = new Date("2026-02-01T00:00:00Z");

async function seedAccount(data: Partial<Prisma.UserUncheckedCreateInput> = {}) {
  return seedUser({ email: `${unique("presse")}@firma.example`, emailVerifiedAt: verified, ...data });
}

async function grant(userId: number, role: CompanyRole, grantedVia: GrantedVia, company: Partial<Prisma.CompanyUncheckedCreateInput> = {}, contacts: string[] = []) {
  const c = await seedCompany({ email: `${unique("info")}@firma.example`, ...company });
  for (const email of contacts) await db.contact.create({ data: { companyId: c.id, name: "Pressestelle", email } });
  await db.companyUser.create({ data: { companyId: c.id, userId, role, grantedVia } });
  return c.id;
}

const roleOf = async (userId: number, companyId: number) =>
  (await db.companyUser.findUniqueOrThrow({ where: { companyId_userId: { companyId, userId } }, select: { role: true, grantedVia: true } }));

const loweredLog = (companyIds: number[]) => db.activityLog.findMany({ where: { type: "company_role_lowered", subjectType: "company", subjectId: { in: companyIds.map(String) } } });

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

    const roles = Object.fromEntries(await Promise.all(Object.entries(ids).map(async ([k, id]) => [k, await roleOf(k === "otherUsers" ? other.id : user.id, id)])));
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
    expect(log.map((r) => ({ actor: r.actorUserId, subject: Number(r.subjectId), result: r.result })).sort((a, b) => a.subject - b.subject)).toEqual(
      first.lowered.map((id) => ({ actor: null, subject: id, result: "member" })),
    );

    // Idempotent: nothing left to lower, nothing logged again.
    expect(await syncEmailRights(user.id)).toEqual({ lowered: [] });
    expect(await loweredLog(first.lowered)).toHaveLength(2);
  });

  it("follows the current address: a changed account address or a removed contact loses the match", async () => {
    const user = await seedAccount();
    const viaContact = await grant(user.id, "responsible", "auto", {}, [user.email]);
    const contactRemoved = await grant(user.id, "responsible", "auto", {}, [user.email]);
    expect(await syncEmailRights(user.id)).toEqual({ lowered: [] });

    await db.contact.deleteMany({ where: { companyId: contactRemoved } });
    expect(await syncEmailRights(user.id)).toEqual({ lowered: [contactRemoved] });

    // A pending change does not count; only the redeemed address is the current one.
    await db.user.update({ where: { id: user.id }, data: { pendingEmail: `${unique("neu")}@firma.example` } });
    expect(await syncEmailRights(user.id)).toEqual({ lowered: [] });

    await db.user.update({ where: { id: user.id }, data: { email: `${unique("neu")}@firma.example`, pendingEmail: null } });
    expect(await syncEmailRights(user.id)).toEqual({ lowered: [viaContact] });
    expect((await roleOf(user.id, viaContact)).role).toBe("member");
  });

  it("does not run for an unverified, inactive or deleted account", async () => {
    const accounts = [await seedAccount({ emailVerifiedAt: null }), await seedAccount({ isActive: false }), await seedAccount({ deletedAt: new Date() })];
    for (const account of accounts) {
      const companyId = await grant(account.id, "responsible", "auto");
      expect(await syncEmailRights(account.id)).toEqual({ lowered: [] });
      expect((await roleOf(account.id, companyId)).role).toBe("responsible");
    }
    expect(await syncEmailRights(2_000_000_000)).toEqual({ lowered: [] });
  });

  it("lowers each right exactly once when two logins sync at the same moment", async () => {
    const user = await seedAccount();
    const companies = [await grant(user.id, "responsible", "auto"), await grant(user.id, "responsible", "auto"), await grant(user.id, "responsible", "auto")];
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
        expect(await syncEmailRights(user.id, tx)).toEqual({ lowered: [companyId] });
        throw new Error("login failed later");
      }),
    ).rejects.toThrow("login failed later");
    expect((await roleOf(user.id, companyId)).role).toBe("responsible");
    await db.$transaction((tx) => syncEmailRights(user.id, tx));
    expect((await roleOf(user.id, companyId)).role).toBe("member");
  });
});
