import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyCommittedInvalidations, markPublicCacheActive } from "@/lib/adapters/public/invalidation-poller";
import { db } from "@/lib/core/db/client";
import { cachedReleasePage } from "@/lib/adapters/public/cached-reads";
import { deleteRelease } from "@/lib/domains/releases/delete-release";
import { depublishRelease, republishRelease } from "@/lib/domains/releases/moves";
import { markReleaseGone, unmarkReleaseGone } from "@/lib/domains/releases/tombstone";
import { getSiteHosts, releaseUrl } from "@/lib/domains/sites";
import { seedCompany, seedRelease, unique } from "./factories";
import { seedAdmin } from "./release-fixtures";

// Spec 1.4 (one canonical of two copies) against 3.1 (a tombstoned release answers 410, a deleted
// one 404): a later copy's page never names as canonical a first source readers cannot reach.
// Read through the server cache as the portals serve it, after the invalidations are applied.

const g = globalThis as unknown as Record<string | symbol, unknown>;
const filePrefix = process.env.CACHE_KEY_PREFIX;
beforeAll(() => {
  process.env.CACHE_KEY_PREFIX = `test-${randomBytes(4).toString("hex")}-`;
  delete g[Symbol.for("pressdesk.cache.store")];
  markPublicCacheActive();
});
afterAll(() => {
  process.env.CACHE_KEY_PREFIX = filePrefix;
  delete g[Symbol.for("pressdesk.cache.store")];
});

const HOUR = 3_600_000;

/** The same text on both portals: the tech copy came first, the business copy points to it. */
async function twoCopies() {
  const company = await seedCompany({ portal: "both" });
  const title = `Beispiel AG eröffnet Werk ${unique("w")}`;
  const live = {
    status: "published" as const,
    title,
    publishedAt: new Date(Date.now() - 2 * HOUR),
    publishedEverAt: new Date(Date.now() - 2 * HOUR),
  };
  const first = await seedRelease({ companyId: company.id, portal: "tech", ...live });
  const copy = await seedRelease({ companyId: company.id, portal: "business", ...live, canonicalPressReleaseId: first.id });
  const admin = await seedAdmin();
  return { first, copy, actor: { type: "admin" as const, userId: admin.id } };
}

async function canonicalOfCopy(copy: { slug: string }) {
  await applyCommittedInvalidations();
  return (await cachedReleasePage("business", "de", copy.slug))!.canonicalUrl;
}

describe("a later copy's canonical", () => {
  it("follows the first source off the portals (depublished) and back", async () => {
    const { first, copy, actor } = await twoCopies();
    const firstUrl = releaseUrl(first, getSiteHosts());
    const ownUrl = releaseUrl(copy, getSiteHosts());
    expect(await canonicalOfCopy(copy)).toBe(firstUrl);

    await depublishRelease({ releaseId: first.id, actor, reason: "Auf Wunsch" });
    expect(await canonicalOfCopy(copy)).toBe(ownUrl);
    await republishRelease({ releaseId: first.id, actor, reason: "Wieder da" });
    expect(await canonicalOfCopy(copy)).toBe(firstUrl);
  });

  it("is the copy itself while the first source is tombstoned (410), and the first source again after the tombstone is lifted", async () => {
    const { first, copy, actor } = await twoCopies();
    expect(await canonicalOfCopy(copy)).toBe(releaseUrl(first, getSiteHosts()));
    await markReleaseGone({ releaseId: first.id, actor, reason: "Rechtliche Prüfung" });
    expect(await canonicalOfCopy(copy)).toBe(releaseUrl(copy, getSiteHosts()));
    await unmarkReleaseGone({ releaseId: first.id, actor, reason: "Erledigt" });
    expect(await canonicalOfCopy(copy)).toBe(releaseUrl(first, getSiteHosts()));
  });

  it("moves for good when the first source is deleted (404): the copy becomes the first source", async () => {
    const { first, copy, actor } = await twoCopies();
    expect(await canonicalOfCopy(copy)).toBe(releaseUrl(first, getSiteHosts()));
    await deleteRelease({ releaseId: first.id, actor });
    expect(await canonicalOfCopy(copy)).toBe(releaseUrl(copy, getSiteHosts()));
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: copy.id } })).canonicalPressReleaseId).toBeNull();
  });
});
