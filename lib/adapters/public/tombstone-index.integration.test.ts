import { PrismaPg } from "@prisma/adapter-pg";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { db, getDb } from "@/lib/core/db/client";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { SYSTEM } from "@/lib/domains/releases/history";
import { markCompanyGone, markReleaseGone, unmarkReleaseGone } from "@/lib/domains/releases/tombstone";
import { seedCompany, seedRelease } from "@/tests/factories";
import { publicDecision, resetTombstoneIndex } from "./tombstone-index";

beforeEach(() => resetTombstoneIndex());

describe("the tombstone index the middleware asks", () => {
  it("knows tombstoned releases per portal and edition, and forgets them on unmark", async () => {
    const company = await seedCompany();
    const release = await seedRelease({ companyId: company.id, status: "published", publishedAt: new Date() });
    const subject = { kind: "release" as const, edition: "de" as const, slug: release.slug };
    expect(await publicDecision("business", subject)).toBeNull();
    await markReleaseGone({ releaseId: release.id, actor: SYSTEM });
    resetTombstoneIndex();
    expect(await publicDecision("business", subject)).toEqual({ status: 410 });
    expect(await publicDecision("tech", subject)).toBeNull();
    expect(await publicDecision("business", { ...subject, edition: "en" })).toBeNull();
    await unmarkReleaseGone({ releaseId: release.id, actor: SYSTEM });
    resetTombstoneIndex();
    expect(await publicDecision("business", subject)).toBeNull();
  });

  it("a gone newsroom answers 410 on its portals, its releases too; a merged one moves", async () => {
    const company = await seedCompany({ portal: "both" });
    const release = await seedRelease({
      companyId: company.id,
      status: "published",
      publishedAt: new Date(),
      portal: "tech",
      language: "en",
    });
    await markCompanyGone({ companyId: company.id, actor: SYSTEM });
    resetTombstoneIndex();
    for (const portal of ["business", "tech"] as const)
      expect(await publicDecision(portal, { kind: "newsroom", edition: "de", slug: company.slug, rest: "" })).toEqual({ status: 410 });
    expect(await publicDecision("tech", { kind: "release", edition: "en", slug: release.slug })).toEqual({ status: 410 });

    const target = await seedCompany();
    const merged = await seedCompany({ mergedIntoCompanyId: target.id, isActive: false });
    resetTombstoneIndex();
    expect(await publicDecision("business", { kind: "newsroom", edition: "en", slug: merged.slug, rest: "" })).toEqual({
      status: 301,
      slug: target.slug,
    });
  });

  it("reloads when the public cache generation moves", async () => {
    const company = await seedCompany();
    const release = await seedRelease({ companyId: company.id, status: "published", publishedAt: new Date() });
    const subject = { kind: "release" as const, edition: "de" as const, slug: release.slug };
    expect(await publicDecision("business", subject)).toBeNull();
    await markReleaseGone({ releaseId: release.id, actor: SYSTEM });
    // Within the refresh interval the instance still answers from memory.
    expect(await publicDecision("business", subject)).toBeNull();
    await new Promise((r) => setTimeout(r, 5_100));
    expect(await publicDecision("business", subject)).toEqual({ status: 410 });
    expect(await db.appState.count()).toBeGreaterThan(0);
  });

  it("keeps answering from the last index while the database is away, and asks again a second later", async () => {
    const company = await seedCompany();
    const release = await seedRelease({ companyId: company.id, status: "published", publishedAt: new Date() });
    await markReleaseGone({ releaseId: release.id, actor: SYSTEM });
    const subject = { kind: "release" as const, edition: "de" as const, slug: release.slug };
    expect(await publicDecision("business", subject)).toEqual({ status: 410 });

    // The process's client now meets a database that refuses every connection.
    const slot = globalThis as unknown as { __pdPrisma?: PrismaClient };
    const real = getDb();
    const away = new PrismaClient({
      adapter: new PrismaPg({ connectionString: "postgresql://postgres@127.0.0.1:1/postgres", connectionTimeoutMillis: 500 }),
    });
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 6_000 });
    try {
      slot.__pdPrisma = away;
      expect(await publicDecision("business", subject)).toEqual({ status: 410 });
      expect(await publicDecision("business", { ...subject, slug: "never-gone" })).toBeNull();
    } finally {
      slot.__pdPrisma = real;
      vi.useRealTimers();
      await away.$disconnect();
    }
    // Without any index to fall back on, the outage is the request's error.
    resetTombstoneIndex();
    slot.__pdPrisma = away;
    try {
      await expect(publicDecision("business", subject)).rejects.toThrow();
    } finally {
      slot.__pdPrisma = real;
    }
  });
});
