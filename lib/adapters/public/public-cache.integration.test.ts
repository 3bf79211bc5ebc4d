import { Redis } from "ioredis";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { SYSTEM } from "@/lib/domains/releases/history";
import { archiveRelease } from "@/lib/domains/releases/moves";
import { publishRelease } from "@/lib/domains/releases/publish-release";
import { markReleaseGone } from "@/lib/domains/releases/tombstone";
import { seedRelease } from "@/tests/factories";
import { seedCheckedRelease, seedNewsroom } from "@/tests/release-fixtures";
import { applyCommittedInvalidations } from "./invalidation-poller";
import PublicCacheHandler, { tagTimes } from "@/lib/core/cache/next-cache-handler.mjs";
import { PUBLIC_TAG } from "@/lib/domains/sites/public-tags";

const KI = { type: "ki" } as const;
const STORE = Symbol.for("pressdesk.cache.store");
const g = globalThis as unknown as Record<symbol, unknown>;

/** A fresh store object: what another instance sees of the same Redis. */
function anotherInstance(): PublicCacheHandler {
  delete g[STORE];
  return new PublicCacheHandler();
}

const fetchEntry = (body: string) => ({ kind: "FETCH", data: { headers: {}, body, status: 200, url: "" }, revalidate: 300 });

beforeEach(async () => {
  tagTimes().clear();
  // Earlier tests' rows count as applied.
  await applyCommittedInvalidations();
});

describe("committed invalidations", () => {
  it("publish drops the release page and its portal's lists once the row is committed and polled", async () => {
    const { owner, company } = await seedNewsroom({ quota: 5 });
    const release = await seedCheckedRelease(company.id, owner.id);
    const before = Date.now();
    await publishRelease({ releaseId: release.id, actor: KI });
    expect(tagTimes().has("portal:business")).toBe(false);

    expect(await applyCommittedInvalidations()).toBe(2);
    expect(tagTimes().get(`release:business:de:${release.slug}`)).toBeGreaterThanOrEqual(before);
    expect(tagTimes().get("portal:business")).toBeGreaterThanOrEqual(before);
    expect(tagTimes().has("portal:tech")).toBe(false);
    // Applied once only.
    expect(await applyCommittedInvalidations()).toBe(0);
  });

  it("a refused publication writes no invalidation: a rolled-back change drops nothing", async () => {
    const { owner, company } = await seedNewsroom({ quota: 0 });
    const release = await seedCheckedRelease(company.id, owner.id);
    await expect(publishRelease({ releaseId: release.id, actor: KI })).rejects.toBeTruthy();
    expect(await applyCommittedInvalidations()).toBe(0);
  });

  it("a move of a published release drops its page and lists; markGone drops everything (generation bump)", async () => {
    const { company } = await seedNewsroom();
    const release = await seedRelease({ companyId: company.id, status: "published", publishedAt: new Date(), publishedEverAt: new Date() });
    await archiveRelease({ releaseId: release.id, actor: SYSTEM });
    await applyCommittedInvalidations();
    expect(tagTimes().has("portal:business")).toBe(true);
    expect(tagTimes().has(PUBLIC_TAG)).toBe(false);
    const other = await seedRelease({ companyId: company.id, status: "published", publishedAt: new Date(), publishedEverAt: new Date() });
    await markReleaseGone({ releaseId: other.id, actor: SYSTEM });
    await applyCommittedInvalidations();
    expect(tagTimes().has(PUBLIC_TAG)).toBe(true);
  });

  it("a row committed after a row with a higher id is still applied (ids are drawn before commit)", async () => {
    await db.publicCacheInvalidation.create({ data: { tags: ["portal:tech"] } });
    await applyCommittedInvalidations();
    await db.publicCacheInvalidation.create({ data: { id: 0n, tags: ["release:tech:en:late"] } });
    expect(await applyCommittedInvalidations()).toBe(1);
    expect(tagTimes().has("release:tech:en:late")).toBe(true);
  });
});

describe("the cache handler", () => {
  afterAll(() => {
    delete process.env.REDIS_URL;
    delete g[STORE];
  });

  it("keeps entries per key, drops an entry whose tag was invalidated after it was written, keeps later ones", async () => {
    delete process.env.REDIS_URL;
    const handler = anotherInstance();
    await handler.set("k1", fetchEntry("one"), { tags: ["public", "portal:business"] });
    expect((await handler.get("k1", { kind: "FETCH" }))?.value).toMatchObject({ data: { body: "one" } });
    await new Promise((r) => setTimeout(r, 2));
    tagTimes().set("portal:tech", Date.now());
    expect(await handler.get("k1", { kind: "FETCH" })).not.toBeNull();
    tagTimes().set("portal:business", Date.now());
    expect(await handler.get("k1", { kind: "FETCH" })).toBeNull();
    await new Promise((r) => setTimeout(r, 2));
    await handler.set("k1", fetchEntry("two"), { tags: ["public", "portal:business"] });
    expect((await handler.get("k1", { kind: "FETCH" }))?.value).toMatchObject({ data: { body: "two" } });
  });

  it("with Redis, an entry written by one instance is read by another, Buffers and Maps intact", async () => {
    const url = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
    process.env.REDIS_URL = url;
    const key = `test-${Date.now()}`;
    const page = {
      kind: "APP_PAGE",
      html: "<p>x</p>",
      rscData: Buffer.from("rsc-bytes"),
      segmentData: new Map([["/a", Buffer.from("seg")]]),
      headers: { "x-next-cache-tags": "public,portal:tech" },
      status: 200,
    };
    await anotherInstance().set(key, page, {});
    const redis = new Redis(url);
    try {
      expect(await redis.exists(`pd:next:${process.env.CACHE_KEY_PREFIX}dev:${key}`)).toBe(1);
      expect(await redis.ttl(`pd:next:${process.env.CACHE_KEY_PREFIX}dev:${key}`)).toBeGreaterThan(3600);
      const read = (await anotherInstance().get(key, { kind: "APP_PAGE" }))?.value as typeof page;
      expect(Buffer.isBuffer(read.rscData) && read.rscData.toString()).toBe("rsc-bytes");
      expect(read.segmentData.get("/a")?.toString()).toBe("seg");
      // Tags from the header count too.
      tagTimes().set("portal:tech", Date.now() + 1);
      expect(await anotherInstance().get(key, { kind: "APP_PAGE" })).toBeNull();
    } finally {
      await redis.del(`pd:next:${process.env.CACHE_KEY_PREFIX}dev:${key}`);
      redis.disconnect();
    }
  });
});
