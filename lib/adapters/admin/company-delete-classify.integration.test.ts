import { describe, expect, it } from "vitest";
import { effectiveClassification } from "@/lib/domains/companies/email-groups/effective-classification";
import { recomputeCompanyEmailGroups } from "@/lib/domains/companies/email-groups/recompute-email-groups";
import { newsroomsOfUser } from "@/lib/domains/accounts/newsrooms";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { newsroomPageData } from "@/lib/adapters/public/newsroom-page";
import { releasePageData } from "@/lib/adapters/public/release-page";
import { publicCacheGeneration } from "@/lib/domains/releases/public-cache";
import { syncSearchMirror } from "@/lib/domains/releases/search-mirror";
import { seedCompany, seedRelease, seedUser, unique } from "@/tests/factories";
import { seedAdmin, seedNewsroom } from "@/tests/release-fixtures";
import { classifyCompanyEmailAsAdmin, deleteCompanyAsAdmin } from "./company-actions";
import { loadAdminCompany } from "./company-detail";
import { searchAdminCompanies } from "./company-search";

// Spec 2.2 in the admin area: the soft delete of a newsroom and the manual classification of
// its company e-mail (companies:write), as the editor and as the attacker.

async function errorOf(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

const HOUR = 3_600_000;
const refusedStaff = async (owner: { id: number }) => [
  await seedAdmin(["press-releases:publish", "users:manage", "billing:manage", "compliance:manage"]),
  await seedUser({ staffRole: "admin", permissions: ["companies:write"], isActive: false }),
  owner,
];

describe("deleting a newsroom (soft delete, companies:write)", () => {
  it("answers 404 afterwards everywhere while its data stays; the reason and the editor are in the log", async () => {
    const editor = await seedAdmin(["companies:write"]);
    const { owner, company } = await seedNewsroom();
    const live = await seedRelease({
      companyId: company.id,
      status: "published",
      publishedAt: new Date(Date.now() - HOUR),
      publishedEverAt: new Date(Date.now() - HOUR),
    });
    const draft = await seedRelease({ companyId: company.id, status: "draft" });
    for (const r of [live, draft]) await syncSearchMirror(db, r.id, new Date(), { announce: false });
    await db.contact.create({ data: { companyId: company.id, name: "Pressestelle", email: "presse@mueller-maschinen.de" } });
    expect(await newsroomPageData("business", "de", company.slug)).not.toBeNull();
    expect(await releasePageData("business", "de", live.slug)).not.toBeNull();
    const generation = await publicCacheGeneration(db);

    expect(
      await deleteCompanyAsAdmin({ adminUserId: editor.id, companyId: company.id, reason: "Doppelt angelegt, Kunde bat um Löschung" }),
    ).toEqual({ releases: 2, backToDraft: 0 });

    expect(await newsroomPageData("business", "de", company.slug)).toBeNull();
    expect(await releasePageData("business", "de", live.slug)).toBeNull();
    expect(await publicCacheGeneration(db)).toBe(generation + 1);
    expect(await db.pressReleaseSearch.findUniqueOrThrow({ where: { pressReleaseId: live.id } })).toMatchObject({ isPublic: false });
    expect(await newsroomsOfUser(owner.id)).toEqual([]);
    await expect(loadAdminCompany(company.id)).rejects.toMatchObject({ code: "not_found" });
    expect((await searchAdminCompanies({ q: company.slug, page: 1 })).rows).toEqual([]);
    // The data stays.
    expect(await db.company.findUniqueOrThrow({ where: { id: company.id } })).toMatchObject({
      name: company.name,
      slug: company.slug,
      deletedAt: expect.any(Date),
    });
    expect(await db.pressRelease.count({ where: { companyId: company.id, deletedAt: null } })).toBe(2);
    expect(await db.contact.count({ where: { companyId: company.id } })).toBe(1);
    expect(await db.companyUser.count({ where: { companyId: company.id } })).toBe(1);
    const [entry] = await db.activityLog.findMany({
      where: { type: "company.deleted", subjectType: "company", subjectId: String(company.id) },
    });
    expect(entry).toMatchObject({ actorUserId: editor.id, reason: "Doppelt angelegt, Kunde bat um Löschung", metadata: { releases: 2 } });

    // Deleted is deleted: a second attempt finds nothing.
    expect((await errorOf(deleteCompanyAsAdmin({ adminUserId: editor.id, companyId: company.id, reason: "nochmal" }))).code).toBe(
      "not_found",
    );
  });

  it("as the attacker: refuses staff without companies:write, a deactivated editor and the owner; a reason is required; nothing changes", async () => {
    const editor = await seedAdmin(["companies:write"]);
    const { owner, company } = await seedNewsroom();
    for (const actor of await refusedStaff(owner)) {
      expect((await errorOf(deleteCompanyAsAdmin({ adminUserId: actor.id, companyId: company.id, reason: "weg damit" }))).code).toBe(
        "forbidden",
      );
    }
    expect((await errorOf(deleteCompanyAsAdmin({ adminUserId: editor.id, companyId: company.id, reason: "  " }))).code).toBe(
      "validation_failed",
    );
    expect((await errorOf(deleteCompanyAsAdmin({ adminUserId: editor.id, companyId: 2_147_483_648, reason: "x" }))).code).toBe("not_found");
    expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).deletedAt).toBeNull();
    expect(await db.activityLog.count({ where: { type: "company.deleted", subjectId: String(company.id) } })).toBe(0);
  });

  it("refuses a newsroom merged into another (its old address still leads to the survivor)", async () => {
    const editor = await seedAdmin(["companies:write"]);
    const survivor = await seedCompany();
    const merged = await seedCompany({ mergedIntoCompanyId: survivor.id, isActive: false });
    expect((await errorOf(deleteCompanyAsAdmin({ adminUserId: editor.id, companyId: merged.id, reason: "x" }))).code).toBe("conflict");
    expect((await db.company.findUniqueOrThrow({ where: { id: merged.id } })).deletedAt).toBeNull();
  });

  it("two editors deleting at once: one deletes, the other finds nothing", async () => {
    const [a, b] = [await seedAdmin(["companies:write"]), await seedAdmin(["companies:write"])];
    const { company } = await seedNewsroom();
    const results = await Promise.allSettled(
      [a, b].map((e) => deleteCompanyAsAdmin({ adminUserId: e.id, companyId: company.id, reason: "doppelt" })),
    );
    expect(results.map((r) => (r.status === "fulfilled" ? "deleted" : (r.reason as AppError).code)).sort()).toEqual([
      "deleted",
      "not_found",
    ]);
    expect(await db.activityLog.count({ where: { type: "company.deleted", subjectId: String(company.id) } })).toBe(1);
  });
});

describe("the manual e-mail classification (companies:write)", () => {
  it("sets an override that survives recomputation and that effectiveClassification() answers; `auto` clears it", async () => {
    const editor = await seedAdmin(["companies:write"]);
    const email = `presse@${unique("verlag")}.de`;
    const company = await seedCompany({ email });
    await seedCompany({ email });
    await recomputeCompanyEmailGroups();
    expect(await effectiveClassification(email)).toBe("role_address");

    expect(await classifyCompanyEmailAsAdmin({ adminUserId: editor.id, companyId: company.id, classification: "agency" })).toEqual({
      normalizedEmail: email,
      effective: "agency",
    });
    await recomputeCompanyEmailGroups();
    expect(await db.companyEmailGroup.findUniqueOrThrow({ where: { normalizedEmail: email } })).toMatchObject({
      classification: "role_address",
      manualClassification: "agency",
      effectiveClassification: "agency",
    });
    expect((await loadAdminCompany(company.id)).emailClassification).toEqual({ email, effective: "agency", manual: "agency" });
    const [entry] = await db.activityLog.findMany({ where: { type: "company_email_group.classified", subjectId: email } });
    expect(entry).toMatchObject({ actorUserId: editor.id, result: "agency" });

    await classifyCompanyEmailAsAdmin({ adminUserId: editor.id, companyId: company.id, classification: "auto" });
    expect(await effectiveClassification(email)).toBe("role_address");
  });

  it("as the attacker: refuses staff without companies:write and the owner; a forged value or a newsroom without address is a clear refusal", async () => {
    const editor = await seedAdmin(["companies:write"]);
    const { owner, company } = await seedNewsroom();
    await db.company.update({ where: { id: company.id }, data: { email: `info@${unique("firma")}.de` } });
    for (const actor of await refusedStaff(owner)) {
      expect(
        (await errorOf(classifyCompanyEmailAsAdmin({ adminUserId: actor.id, companyId: company.id, classification: "company" }))).code,
      ).toBe("forbidden");
    }
    for (const forged of ["", "admin", "AGENCY", null, 7]) {
      expect(
        (await errorOf(classifyCompanyEmailAsAdmin({ adminUserId: editor.id, companyId: company.id, classification: forged }))).code,
      ).toBe("validation_failed");
    }
    expect(
      await db.companyEmailGroup.count({
        where: {
          manualClassification: { not: null },
          normalizedEmail: (await db.company.findUniqueOrThrow({ where: { id: company.id } })).email!,
        },
      }),
    ).toBe(0);
    const bare = await seedCompany({ email: null });
    expect(
      (await errorOf(classifyCompanyEmailAsAdmin({ adminUserId: editor.id, companyId: bare.id, classification: "company" }))).code,
    ).toBe("conflict");
  });
});
