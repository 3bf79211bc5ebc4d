import { describe, expect, it } from "vitest";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { setManualClassification } from "@/lib/domains/companies/email-groups/set-manual-classification";
import { db } from "@/lib/core/db/client";
import type { CompanyRole, GrantedVia } from "@/lib/generated/prisma/client";
import { seedCompany, seedUser, unique } from "@/tests/factories";
import { auditMemberships } from "./audit-memberships";
import { listApiAssignments, removeApiAssignments } from "./api-assignments";
import { resyncAutoRights } from "./resync-auto-rights";

const member = (companyId: number, userId: number, role: CompanyRole, grantedVia: GrantedVia, createdAt?: Date) =>
  db.companyUser.create({ data: { companyId, userId, role, grantedVia, ...(createdAt ? { createdAt } : {}) } });

/** A newsroom with an active owner, so only what the test adds is a finding. */
async function newsroom(data: Parameters<typeof seedCompany>[0] = {}) {
  const company = await seedCompany(data);
  await member(company.id, (await seedUser()).id, "owner", "manual");
  return company;
}

describe("company-memberships:audit", () => {
  it("finds automatic rights on shared addresses, unmatched responsibles, ownerless newsrooms and inactive accounts, changing nothing", async () => {
    const consumer = await newsroom({ email: `${unique("max")}@gmx.de` });
    const onConsumer = await member(consumer.id, (await seedUser()).id, "member", "auto");
    const agencyEmail = `kunden@${unique("agentur")}.de`;
    const agency = await newsroom({ email: agencyEmail });
    for (let i = 0; i < 2; i++) await seedCompany({ email: agencyEmail });
    const onAgency = await member(agency.id, (await seedUser()).id, "member", "auto");
    await member(agency.id, (await seedUser()).id, "member", "manual");

    const firm = await newsroom({ email: `presse@${unique("firma")}.de` });
    const stray = await member(firm.id, (await seedUser()).id, "responsible", "auto");
    const contactPerson = await seedUser();
    await db.contact.create({ data: { companyId: firm.id, name: "P", email: contactPerson.email } });
    await member(firm.id, contactPerson.id, "responsible", "auto");

    const ownerless = await seedCompany();
    const ownerGone = await seedCompany();
    await member(ownerGone.id, (await seedUser({ isActive: false })).id, "owner", "manual");
    const asleep = await member(firm.id, (await seedUser({ deletedAt: new Date() })).id, "member", "manual");
    const rowsBefore = await db.companyUser.count();

    const r = await auditMemberships();
    const of = (kind: string) => r.findings.filter((f) => f.kind === kind);
    expect(
      of("auto_on_shared_address")
        .map((f) => f.membership!.id)
        .sort(),
    ).toEqual([onConsumer.id, onAgency.id].sort());
    expect(of("auto_on_shared_address").find((f) => f.membership!.id === onAgency.id)!.detail).toBe(
      `company address ${agencyEmail} is agency`,
    );
    expect(of("responsible_without_match").map((f) => f.membership!.id)).toEqual([stray.id]);
    expect(of("newsroom_without_owner").map((f) => f.companyId)).toEqual(expect.arrayContaining([ownerless.id, ownerGone.id]));
    expect(of("inactive_account").map((f) => f.membership!.id)).toEqual(expect.arrayContaining([asleep.id]));
    expect(r.counts.responsible_without_match).toBe(1);
    expect(await db.companyUser.count()).toBe(rowsBefore);
    expect(await db.companyEmailGroup.count()).toBe(0);

    // The effective classification decides: an operator's override clears the agency finding.
    await setManualClassification({ email: agencyEmail, value: "company" });
    const after = await auditMemberships({ classify: true });
    expect(after.classified!.inserted).toBeGreaterThan(0);
    expect(after.findings.filter((f) => f.kind === "auto_on_shared_address").map((f) => f.membership!.id)).toEqual([onConsumer.id]);
  });

  it("--before keeps only memberships and newsrooms created before that day", async () => {
    const old = new Date("2020-03-01T00:00:00Z");
    const company = await newsroom({ email: `${unique("alt")}@web.de` });
    const oldRow = await member(company.id, (await seedUser()).id, "member", "auto", old);
    await member(company.id, (await seedUser()).id, "member", "auto");
    const r = await auditMemberships({ before: new Date("2021-01-01T00:00:00Z") });
    expect(r.findings.map((f) => f.membership?.id)).toEqual([oldRow.id]);
  });
});

describe("company-memberships:resync-auto", () => {
  it("runs the login sync for the accounts it concerns; a dry run reports and rolls back", async () => {
    const company = await newsroom({ email: `presse@${unique("sync")}.de` });
    const drifted = await seedUser();
    const row = await member(company.id, drifted.id, "responsible", "auto");
    const unverified = await seedUser({ emailVerifiedAt: null });
    const untouched = await member(company.id, unverified.id, "responsible", "auto");

    // Earlier tests of this file left drifted rights of their own: look at this test's people.
    const mine = (r: Awaited<ReturnType<typeof resyncAutoRights>>) =>
      r.changes.filter((c) => [drifted.id, unverified.id].includes(c.userId));
    const dry = await resyncAutoRights({ dryRun: true });
    expect(mine(dry)).toEqual([{ userId: drifted.id, email: drifted.email, lowered: [company.id], suggested: expect.any(Array) }]);
    expect((await db.companyUser.findUniqueOrThrow({ where: { id: row.id } })).role).toBe("responsible");

    const real = await resyncAutoRights();
    expect(mine(real).map((c) => c.userId)).toEqual([drifted.id]);
    expect(real.lowered).toBe(dry.lowered);
    expect((await db.companyUser.findUniqueOrThrow({ where: { id: row.id } })).role).toBe("member");
    expect((await db.companyUser.findUniqueOrThrow({ where: { id: untouched.id } })).role).toBe("responsible");
    expect((await resyncAutoRights()).changes).toEqual([]);
  });
});

describe("company-memberships:api-assignments", () => {
  it("lists API memberships, previews a removal, removes only with apply, never the last owner", async () => {
    const company = await seedCompany();
    const viaApi = await member(company.id, (await seedUser()).id, "member", "api");
    const apiOwner = await member(company.id, (await seedUser()).id, "owner", "api");
    const manual = await member(company.id, (await seedUser()).id, "member", "manual");
    expect((await listApiAssignments()).map((a) => a.id)).toEqual(expect.arrayContaining([viaApi.id, apiOwner.id]));

    const preview = await removeApiAssignments({ ids: [viaApi.id, apiOwner.id, manual.id], apply: false });
    expect(preview.items.map((i) => [i.id, i.action])).toEqual([
      [viaApi.id, "remove"],
      [apiOwner.id, "last_owner"],
      [manual.id, "not_an_api_assignment"],
    ]);
    expect(preview.removed).toBe(0);
    expect(await db.companyUser.count({ where: { companyId: company.id } })).toBe(3);

    const done = await removeApiAssignments({ ids: [viaApi.id, apiOwner.id], apply: true });
    expect(done.removed).toBe(1);
    expect(await db.companyUser.findMany({ where: { companyId: company.id }, select: { id: true }, orderBy: { id: "asc" } })).toEqual([
      { id: apiOwner.id },
      { id: manual.id },
    ]);
    expect(await db.activityLog.count({ where: { type: ACTIVITY.companyMemberRemoved, subjectId: String(company.id) } })).toBe(1);
  });

  it("of two owners, removing both at once keeps one", async () => {
    const company = await seedCompany();
    const a = await member(company.id, (await seedUser()).id, "owner", "api");
    const b = await member(company.id, (await seedUser()).id, "owner", "api");
    const done = await removeApiAssignments({ ids: [a.id, b.id], apply: true });
    expect(done.items.map((i) => i.action)).toEqual(["remove", "last_owner"]);
    expect(await db.companyUser.count({ where: { companyId: company.id, role: "owner" } })).toBe(1);
  });

  it("two removals at once cannot take the last owner between them", async () => {
    const company = await seedCompany();
    const a = await member(company.id, (await seedUser()).id, "owner", "api");
    const b = await member(company.id, (await seedUser()).id, "owner", "api");
    await Promise.all([removeApiAssignments({ ids: [a.id], apply: true }), removeApiAssignments({ ids: [b.id], apply: true })]);
    expect(await db.companyUser.count({ where: { companyId: company.id, role: "owner" } })).toBe(1);
  });
});
