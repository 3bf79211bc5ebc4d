import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { listPublishedReleases } from "@/lib/releases/list-published";
import { verifyPassword } from "@/lib/accounts/passwords/hash";
import { can } from "@/lib/accounts/permissions";
import { listDashboardReleases } from "@/lib/dashboard/list-releases";
import { seedDemoContent } from "@/prisma/seed-demo";
import { DEMO_PASSWORD, DEMO_STAFF, DEMO_USERS } from "@/prisma/seed-data";

describe("demo content", () => {
  it("is believable and idempotent", async () => {
    await seedDemoContent();
    const counts = async () => ({
      categories: await db.category.count(),
      companies: await db.company.count(),
      users: await db.user.count(),
      releases: await db.pressRelease.count(),
      memberships: await db.companyUser.count(),
    });
    const first = await counts();
    await seedDemoContent();
    expect(await counts()).toEqual(first);

    expect(await db.category.count({ where: { parentId: { not: null } } })).toBeGreaterThan(3);
    expect(await db.user.count({ where: { staffRole: "admin" } })).toBe(1);
    expect(await db.user.count({ where: { staffRole: "super_admin" } })).toBe(1);
    for (const role of ["owner", "member", "responsible"] as const) expect(await db.companyUser.count({ where: { role } })).toBeGreaterThan(0);
    const statuses = (await db.pressRelease.groupBy({ by: ["status"] })).map((g) => g.status).sort();
    expect(statuses).toEqual(["draft", "in_review", "published", "rejected", "scheduled"]);
    expect(await db.pressRelease.count({ where: { canonicalPressReleaseId: { not: null } } })).toBe(1);

    for (const portal of ["business", "tech"] as const) {
      for (const language of ["de", "en"] as const) {
        expect((await listPublishedReleases({ portal, language })).length).toBeGreaterThan(0);
      }
    }
    // The embargoed release stays invisible until its time.
    const embargoed = await db.pressRelease.findFirstOrThrow({ where: { status: "scheduled" } });
    const visible = await listPublishedReleases({ portal: embargoed.portal, language: embargoed.language, limit: 100 });
    expect(visible.map((r) => r.id)).not.toContain(embargoed.id);
  });

  it("lets every demo person sign in with the documented password, and has an admin who may publish", async () => {
    await seedDemoContent();
    for (const { email } of [...DEMO_USERS, ...DEMO_STAFF]) {
      const user = await db.user.findUniqueOrThrow({ where: { email } });
      expect(await verifyPassword(DEMO_PASSWORD, user.passwordHash), email).toBe(true);
    }
    const admin = await db.user.findFirstOrThrow({ where: { staffRole: "admin" } });
    expect(can(admin, "press-releases:publish")).toBe(true);
    // Demo releases are in the search mirror, so the dashboard lists them.
    const owner = await db.user.findUniqueOrThrow({ where: { email: "owner@nordlicht-energie.example" } });
    expect((await listDashboardReleases({ userId: owner.id })).items.map((r) => r.title)).toContain("Nordlicht Energie nimmt Windpark Osterfeld in Betrieb");
  });
});
