import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedRelease, seedUser } from "@/tests/factories";
import { seedNewsroom } from "@/tests/release-fixtures";
import { syncSearchMirror } from "@/lib/domains/releases/search-mirror";
import { listDashboardReleases } from "./list-releases";
import { loadCustomerOverview } from "./overview";

const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);

describe("the customer's start page", () => {
  it("counts the own releases by status, lists the latest published with views and a public address only while readers can open it", async () => {
    const { owner, company } = await seedNewsroom({ quota: 10 });
    const published = async (title: string, at: Date, extra: Record<string, unknown> = {}) =>
      seedRelease({ companyId: company.id, status: "published", title, publishedAt: at, publishedEverAt: at, hits: 42, ...extra });
    await seedRelease({ companyId: company.id, status: "draft" });
    await seedRelease({ companyId: company.id, status: "draft" });
    await seedRelease({ companyId: company.id, status: "in_review" });
    // A removed release stays under its status, as the list shows it (marked "entfernt").
    await seedRelease({ companyId: company.id, status: "published", goneAt: new Date(), publishedAt: daysAgo(9) });
    const old = await published("Älteste Meldung", daysAgo(8));
    const recent = await published("Neueste Meldung", daysAgo(1));
    for (let i = 2; i < 7; i++) await published(`Meldung ${i}`, daysAgo(i));
    // Another customer's releases are never counted or listed.
    const stranger = await seedNewsroom();
    await seedRelease({ companyId: stranger.company.id, status: "published", title: "Fremde Meldung", publishedAt: new Date() });

    const overview = await loadCustomerOverview(owner.id);
    expect(overview.byStatus).toEqual({ draft: 2, in_review: 1, published: 8 });
    expect(overview.latestPublished.map((r) => r.title)).toEqual(["Neueste Meldung", "Meldung 2", "Meldung 3", "Meldung 4", "Meldung 5"]);
    expect(overview.latestPublished.map((r) => r.id)).not.toContain(old.id);
    const first = overview.latestPublished[0]!;
    expect(first).toMatchObject({ id: recent.id, hits: 42, companyName: company.name });
    expect(first.publicUrl).toMatch(new RegExp(`/de/pressemitteilung/${encodeURIComponent(recent.slug)}$`));
    expect(overview.quota).toMatchObject({ limit: 10 });
    expect(overview.nextSteps.map((s) => s.step)).toContain("continue_draft");

    // The list's tabs read the same counts; a status view lists only that status (the list reads the search mirror).
    for (const r of await db.pressRelease.findMany({ where: { companyId: company.id }, select: { id: true } }))
      await syncSearchMirror(db, r.id, new Date(), { announce: false });
    const list = await listDashboardReleases({ userId: owner.id, status: "draft" });
    expect(list.counts).toEqual(overview.byStatus);
    expect(list.items.every((r) => r.status === "draft")).toBe(true);
    expect(list.total).toBe(2);
  });

  it("names no public address for a release whose embargo still runs", async () => {
    const { owner, company } = await seedNewsroom();
    const embargoed = await seedRelease({
      companyId: company.id,
      status: "published",
      publishedAt: new Date(Date.now() + 86_400_000),
    });
    const overview = await loadCustomerOverview(owner.id);
    expect(overview.latestPublished.find((r) => r.id === embargoed.id)?.publicUrl).toBeNull();
  });

  it("leads an account without a newsroom to create one, and one with a bare newsroom to its profile and first release", async () => {
    const lonely = await seedUser();
    const none = await loadCustomerOverview(lonely.id);
    expect(none.hasNewsroom).toBe(false);
    expect(none.nextSteps).toEqual([{ step: "create_newsroom", href: "/dashboard/newsrooms/new" }]);

    const { owner, company } = await seedNewsroom();
    const bare = await loadCustomerOverview(owner.id);
    expect(bare.nextSteps).toEqual([
      { step: "complete_profile", href: `/dashboard/newsrooms/${company.id}` },
      { step: "first_release", href: "/dashboard/releases/new" },
    ]);
    await db.company.update({ where: { id: company.id }, data: { logoPath: "logos/x.webp", descriptionDe: "Wir bauen Brücken." } });
    await db.contact.create({ data: { companyId: company.id, name: "Presse", email: "presse@example.com" } });
    expect((await loadCustomerOverview(owner.id)).nextSteps.map((s) => s.step)).toEqual(["first_release"]);
  });
});
