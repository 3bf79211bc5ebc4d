import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedCompany, seedRelease, unique } from "@/tests/factories";
import { llmsTxt } from "./llms";

describe("llms.txt", () => {
  it("lists the URL structure, active categories and newsrooms with visible releases; embargo holds", async () => {
    const active = await db.category.create({ data: { portal: "tech", slug: unique("llm"), nameDe: "Robotik", nameEn: "Robotics" } });
    const inactive = await db.category.create({
      data: { portal: "tech", slug: unique("old"), nameDe: "Alt", nameEn: "Old", isActive: false },
    });
    const visible = await seedCompany({ portal: "tech", name: "Sichtbar GmbH" });
    await seedRelease({ companyId: visible.id, portal: "tech", status: "published", publishedAt: new Date(Date.now() - 60_000) });
    const embargoed = await seedCompany({ portal: "tech", name: "Embargo AG" });
    await seedRelease({ companyId: embargoed.id, portal: "tech", status: "published", publishedAt: new Date(Date.now() + 3_600_000) });

    const text = await llmsTxt("tech");
    expect(text).toMatch(/^# Pressdesk Tech\n/);
    expect(text).toContain("/de/pressemitteilung/{slug}");
    expect(text).toContain(`/de/category/${active.slug})`);
    expect(text).not.toContain(inactive.slug);
    expect(text).toContain(`[Sichtbar GmbH](`);
    expect(text).not.toContain("Embargo AG");
    expect(text).toMatch(/^- \[Newsroom-Verzeichnis \/ Newsroom directory\]\(https?:\/\/tech\.[^/]+\/de\/newsroom\): .*\/en\/newsroom$/m);
    const merged = await seedCompany({ portal: "tech", name: "Verschmolzen AG", mergedIntoCompanyId: visible.id });
    await seedRelease({ companyId: merged.id, portal: "tech", status: "published", publishedAt: new Date(Date.now() - 60_000) });
    expect(await llmsTxt("tech")).not.toContain("Verschmolzen AG");
    expect(text).toContain("Impressum");
    expect(await llmsTxt("hub")).toMatch(/\[Pressdesk Business\]\(https?:\/\/business\.[^/]+\/llms\.txt\)/);
  });
});
