import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import type { CompanyRole, Prisma } from "@/lib/generated/prisma/client";
import { seedCompany, seedUser } from "@/tests/factories";
import { PERMISSIONS } from "../permissions";
import { assertCompanyAbility, COMPANY_ABILITIES, companyAbilities, type CompanyAbility } from "./index";

const ALL: CompanyAbility[] = [...COMPANY_ABILITIES];
const past = new Date("2026-01-01T00:00:00Z");

type CompanyState = "active" | "inactive" | "gone" | "deleted" | "missing";

// Roles × company states × account states, and staff without or with a membership: the whole
// table of spec 2.2 as lib/domains/accounts/abilities/matrix.ts documents it.
const CASES: {
  label: string;
  user?: Partial<Prisma.UserUncheckedCreateInput>;
  role?: CompanyRole;
  company?: CompanyState;
  expected: CompanyAbility[];
}[] = [
  { label: "owner", role: "owner", expected: ALL },
  { label: "responsible", role: "responsible", expected: ["view", "writeReleases", "manageReleases", "edit"] },
  { label: "member", role: "member", expected: ["view", "writeReleases"] },
  { label: "customer without membership", expected: [] },
  { label: "owner of an inactive newsroom", role: "owner", company: "inactive", expected: ALL },
  { label: "owner of a removed newsroom", role: "owner", company: "gone", expected: ["view", "billing"] },
  { label: "responsible of a removed newsroom", role: "responsible", company: "gone", expected: ["view"] },
  { label: "member of a removed newsroom", role: "member", company: "gone", expected: ["view"] },
  { label: "owner of a deleted newsroom", role: "owner", company: "deleted", expected: [] },
  { label: "no such newsroom", company: "missing", expected: [] },
  { label: "inactive owner", role: "owner", user: { isActive: false }, expected: [] },
  { label: "deleted owner", role: "owner", user: { deletedAt: past }, expected: [] },
  { label: "inactive responsible", role: "responsible", user: { isActive: false }, expected: [] },
  { label: "admin with every permission", user: { staffRole: "admin", permissions: [...PERMISSIONS] }, expected: [] },
  {
    label: "admin with every permission as member",
    role: "member",
    user: { staffRole: "admin", permissions: [...PERMISSIONS] },
    expected: ["view", "writeReleases"],
  },
  // Staff act on other customers' newsrooms only in the admin area (behind its strong confirmation).
  { label: "active super-admin", user: { staffRole: "super_admin" }, expected: [] },
  { label: "active super-admin as member", role: "member", user: { staffRole: "super_admin" }, expected: ["view", "writeReleases"] },
  { label: "active super-admin as owner", role: "owner", user: { staffRole: "super_admin" }, expected: ALL },
  { label: "active super-admin, removed newsroom", company: "gone", user: { staffRole: "super_admin" }, expected: [] },
  { label: "active super-admin, deleted newsroom", company: "deleted", user: { staffRole: "super_admin" }, expected: [] },
  { label: "inactive super-admin", user: { staffRole: "super_admin", isActive: false }, expected: [] },
  { label: "deleted super-admin", user: { staffRole: "super_admin", deletedAt: past }, expected: [] },
  { label: "inactive super-admin as owner", role: "owner", user: { staffRole: "super_admin", isActive: false }, expected: [] },
];

async function seedCase(c: (typeof CASES)[number]) {
  const user = await seedUser(c.user ?? {});
  const state = c.company ?? "active";
  if (state === "missing") return { userId: user.id, companyId: 2_000_000_000 };
  const company = await seedCompany({
    isActive: state !== "inactive",
    goneAt: state === "gone" ? past : null,
    deletedAt: state === "deleted" ? past : null,
  });
  if (c.role) await db.companyUser.create({ data: { companyId: company.id, userId: user.id, role: c.role, grantedVia: "manual" } });
  return { userId: user.id, companyId: company.id };
}

const ordered = (set: Iterable<CompanyAbility>) => ALL.filter((a) => [...set].includes(a));

describe("the company ability matrix", () => {
  it("gives every role, account and staff row exactly the expected abilities", async () => {
    const seeded = await Promise.all(CASES.map(seedCase));
    const actual: Record<string, { abilities: CompanyAbility[]; asserted: CompanyAbility[] }> = {};
    const expected: typeof actual = {};
    await Promise.all(
      CASES.map(async (c, i) => {
        const { userId, companyId } = seeded[i]!;
        const asserted = await Promise.all(
          ALL.map((a) =>
            assertCompanyAbility(userId, companyId, a).then(
              () => a,
              (err: { code?: string }) => (err.code === "forbidden" ? null : Promise.reject(err)),
            ),
          ),
        );
        actual[c.label] = {
          abilities: ordered(await companyAbilities(userId, companyId)),
          asserted: asserted.filter((a): a is CompanyAbility => a !== null),
        };
        expected[c.label] = { abilities: ordered(c.expected), asserted: ordered(c.expected) };
      }),
    );
    expect(actual).toEqual(expected);
    expect(Object.keys(actual)).toHaveLength(CASES.length);
  });

  it("gives a super-admin no power over another customer's newsroom outside the admin area", async () => {
    const admin = await seedUser({ staffRole: "super_admin" });
    const company = await seedCompany();
    for (const ability of ALL)
      await expect(assertCompanyAbility(admin.id, company.id, ability)).rejects.toMatchObject({ code: "forbidden", status: 403 });
  });

  it("reads the stored rows, also inside a transaction, so a role change counts at once", async () => {
    const user = await seedUser();
    const company = await seedCompany();
    await db.companyUser.create({ data: { companyId: company.id, userId: user.id, role: "owner", grantedVia: "manual" } });
    await db.$transaction(async (tx) => {
      await tx.companyUser.update({ where: { companyId_userId: { companyId: company.id, userId: user.id } }, data: { role: "member" } });
      expect(ordered(await companyAbilities(user.id, company.id, tx))).toEqual(["view", "writeReleases"]);
      await expect(assertCompanyAbility(user.id, company.id, "billing", tx)).rejects.toMatchObject({ code: "forbidden" });
    });
    expect(ordered(await companyAbilities(user.id, company.id))).toEqual(["view", "writeReleases"]);
  });
});
