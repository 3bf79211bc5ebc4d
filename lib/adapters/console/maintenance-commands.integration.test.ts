import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { findJob, SCHEDULES } from "@/lib/runtime/jobs/catalog";
import { contentHash } from "@/lib/domains/releases/content-hash";
import { PRUNABLE_RECORDS } from "@/lib/domains/retention/prunable";
import { pruneModel } from "@/lib/domains/retention/prune-model";
import { runCommand as run } from "@/tests/console-run";
import { seedCompany, seedRelease, unique } from "@/tests/factories";
import { withLimits } from "@/tests/limits";

// The retention and release-maintenance commands of spec 4.7 on seeded rows.

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

describe("queue:prune-failed", () => {
  it("deletes failed jobs older than 30 days (or --days), keeps younger and unfinished ones; daily", async () => {
    const old = await db.jobQueue.create({ data: { name: "test/job", payload: {}, status: "failed", runAt: ago(31) } });
    const young = await db.jobQueue.create({ data: { name: "test/job", payload: {}, status: "failed", runAt: ago(5) } });
    const pending = await db.jobQueue.create({ data: { name: "test/job", payload: {}, status: "pending", runAt: ago(60) } });
    const oldCopy = await db.failedJob.create({ data: { name: "test/job", payload: {}, error: "boom", failedAt: ago(31) } });
    const youngCopy = await db.failedJob.create({ data: { name: "test/job", payload: {}, error: "boom", failedAt: ago(5) } });

    const dry = await run("queue:prune-failed", "--dry-run");
    expect(dry).toMatchObject({ code: 0, out: ["would delete 1 failed queue rows and 1 failed_jobs rows older than 30 days"] });
    expect(await db.jobQueue.count({ where: { id: old.id } })).toBe(1);

    expect((await run("queue:prune-failed")).code).toBe(0);
    expect(await db.jobQueue.count({ where: { id: { in: [old.id, young.id, pending.id] } } })).toBe(2);
    expect(await db.failedJob.count({ where: { id: { in: [oldCopy.id, youngCopy.id] } } })).toBe(1);
    expect((await run("queue:prune-failed", "--days=3")).out[0]).toBe(
      "deleted 1 failed queue rows and 1 failed_jobs rows older than 3 days",
    );
    expect(await db.jobQueue.count({ where: { id: young.id } })).toBe(0);

    const inngest = await withLimits({ INNGEST_EVENT_KEY: "test-key" }, () => run("queue:prune-failed"));
    expect(inngest.out[1]).toMatch(/failed runs are kept there/);
    for (const bad of ["--days=0", "--days=abc", "--dry-run=1", "extra"]) expect((await run("queue:prune-failed", bad)).code).toBe(2);
    expect(SCHEDULES["prune-failed-jobs"]).toMatchObject({ cron: "10 4 * * *", timezone: "Europe/Berlin" });
    expect(findJob(SCHEDULES["prune-failed-jobs"]!.job)).toBeDefined();
  });
});

describe("model:prune", () => {
  it("deletes feed, crawler, conversion and bounce records after 395 days and finished queue rows after 30; daily 04:05", async () => {
    const release = await seedRelease({ companyId: (await seedCompany()).id });
    const feed = (at: Date) =>
      db.feedFetch.create({
        data: { feedKind: "main", feedKey: "main", portal: "business", language: "de", userAgentShort: "ua", fetchedAt: at },
      });
    const crawl = (at: Date) =>
      db.crawlerFetch.create({ data: { pressReleaseId: release.id, service: "google", userAgentShort: "ua", fetchedAt: at } });
    const conversion = (at: Date) => db.conversionEvent.create({ data: { stage: 1, createdAt: at } });
    const bounce = (at: Date) =>
      db.emailBounce.create({ data: { email: `${unique("b")}@example.test`, kind: "soft", signed: true, createdAt: at } });
    const done = (at: Date) => db.jobQueue.create({ data: { name: "test/job", payload: {}, status: "done", runAt: at } });
    await Promise.all([feed(ago(396)), crawl(ago(396)), conversion(ago(396)), bounce(ago(396)), done(ago(31))]);
    const young = await Promise.all([feed(ago(394)), crawl(ago(394)), conversion(ago(394)), bounce(ago(394)), done(ago(29))]);
    const failedOld = await db.jobQueue.create({ data: { name: "test/job", payload: {}, status: "failed", runAt: ago(400) } });
    const count = () =>
      Promise.all([
        db.feedFetch.count(),
        db.crawlerFetch.count(),
        db.conversionEvent.count(),
        db.emailBounce.count(),
        db.jobQueue.count({ where: { status: "done" } }),
      ]);
    expect(await count()).toEqual([2, 2, 2, 2, 2]);

    const dry = await run("model:prune", "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.out).toContain("feed_fetches: would delete 1 rows older than 395 days");
    expect(await count()).toEqual([2, 2, 2, 2, 2]);

    const r = await run("model:prune");
    expect(r.code).toBe(0);
    expect(r.out).toEqual([
      "feed_fetches: deleted 1 rows older than 395 days",
      "crawler_fetches: deleted 1 rows older than 395 days",
      "conversion_events: deleted 1 rows older than 395 days",
      "email_bounces: deleted 1 rows older than 395 days",
      "job_queue: deleted 1 rows older than 30 days",
      "deleted 5 rows in 5 tables",
    ]);
    expect(await count()).toEqual([1, 1, 1, 1, 1]);
    const [f, c, e, b, q] = young;
    expect(
      await Promise.all([
        db.feedFetch.count({ where: { id: f.id } }),
        db.crawlerFetch.count({ where: { id: c.id } }),
        db.conversionEvent.count({ where: { id: e.id } }),
        db.emailBounce.count({ where: { id: b.id } }),
        db.jobQueue.count({ where: { id: q.id } }),
      ]),
    ).toEqual([1, 1, 1, 1, 1]);
    // A failed job is queue:prune-failed's to judge, not this purge's.
    expect(await db.jobQueue.count({ where: { id: failedOld.id } })).toBe(1);
    expect((await run("model:prune", "--dry-run=no")).code).toBe(2);
    expect((await run("model:prune", "--help")).out.join("\n")).toMatch(/email_bounces/);
    expect(SCHEDULES["prune-model"]).toMatchObject({ cron: "5 4 * * *", timezone: "Europe/Berlin" });
    expect(findJob(SCHEDULES["prune-model"]!.job)).toBeDefined();
  });

  it("deletes a backlog in batches until none is left", async () => {
    await db.feedFetch.createMany({
      data: Array.from({ length: 23 }, () => ({
        feedKind: "main" as const,
        feedKey: "batch",
        portal: "business" as const,
        language: "de" as const,
        userAgentShort: "ua",
        fetchedAt: ago(500),
      })),
    });
    const [feeds] = await pruneModel({ batchSize: 5, records: PRUNABLE_RECORDS.filter((r) => r.table === "feed_fetches") });
    expect(feeds?.rows).toBe(23);
    expect(await db.feedFetch.count({ where: { feedKey: "batch" } })).toBe(0);
  });

  it("walks an index on every time column, so a purge never scans its table", async () => {
    for (const record of PRUNABLE_RECORDS) {
      const indexes = await db.$queryRaw<{ columns: string[] }[]>`
        SELECT array_agg(a.attname ORDER BY k.ord)::text[] AS columns
        FROM pg_index i
        JOIN pg_class t ON t.oid = i.indrelid
        CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
        JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
        WHERE t.relname = ${record.table}
        GROUP BY i.indexrelid`;
      expect(
        indexes.some((ix) => record.index.every((col, n) => ix.columns[n] === col)),
        record.table,
      ).toBe(true);
      expect(record.index.at(-1)).toBe(record.timeColumn);
    }
  });
});

describe("press-releases:hash-content", () => {
  it("fixes missing and wrong hashes without touching updated_at; a second run fixes nothing", async () => {
    const company = await seedCompany();
    const good = await seedRelease({ companyId: company.id });
    const wrong = await seedRelease({ companyId: company.id, title: "Title", body: "<p>Some <b>text</b></p>" });
    const blank = await seedRelease({ companyId: company.id });
    await db.$executeRaw`UPDATE press_releases SET content_hash = ${"0".repeat(64)} WHERE id = ${wrong.id}`;
    await db.$executeRaw`UPDATE press_releases SET content_hash = '' WHERE id = ${blank.id}`;

    const dry = await run("press-releases:hash-content", "--dry-run");
    expect(dry.out.at(-1)).toMatch(/would fix 2 hashes$/);
    const r = await run("press-releases:hash-content");
    expect(r.code).toBe(0);
    expect(r.out).toContain(`  releases: ${wrong.id}, ${blank.id}`);
    const after = await db.pressRelease.findUniqueOrThrow({ where: { id: wrong.id } });
    expect(after.contentHash).toBe(contentHash("Title", "<p>Some <b>text</b></p>"));
    expect(after.updatedAt).toEqual(wrong.updatedAt);
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: good.id } })).contentHash).toBe(good.contentHash);
    expect((await run("press-releases:hash-content")).out.at(-1)).toMatch(/fixed 0 hashes$/);
    expect((await run("press-releases:hash-content", "--dry-run=1")).code).toBe(2);
  });
});

describe("press-releases:assign-canonicals", () => {
  it("points the later copy on the other portal to the first source; off by CANONICAL_ASSIGNMENT_ENABLED", async () => {
    const company = await seedCompany({ portal: "both" });
    const text = { title: `Same ${unique("t")}`, body: "<p>Identical text on two portals.</p>", status: "published" as const };
    const first = await seedRelease({ companyId: company.id, portal: "business", publishedEverAt: ago(3), publishedAt: ago(3), ...text });
    const copy = await seedRelease({ companyId: company.id, portal: "tech", publishedEverAt: ago(2), publishedAt: ago(2), ...text });
    const other = await seedRelease({ companyId: (await seedCompany()).id, portal: "tech", publishedEverAt: ago(1), ...text });

    const off = await withLimits({ CANONICAL_ASSIGNMENT_ENABLED: "false" }, () => run("press-releases:assign-canonicals"));
    expect(off).toMatchObject({ code: 0, out: ["canonical assignment is off (CANONICAL_ASSIGNMENT_ENABLED=false): nothing assigned"] });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: copy.id } })).canonicalPressReleaseId).toBeNull();

    expect((await run("press-releases:assign-canonicals", "--dry-run")).out).toEqual([
      `  release ${copy.id} -> canonical ${first.id}`,
      "would assign 1 canonicals",
    ]);
    const r = await run("press-releases:assign-canonicals");
    expect(r).toMatchObject({ code: 0, out: [`  release ${copy.id} -> canonical ${first.id}`, "assigned 1 canonicals"] });
    const rows = await db.pressRelease.findMany({
      where: { id: { in: [first.id, copy.id, other.id] } },
      orderBy: { id: "asc" },
      select: { canonicalPressReleaseId: true },
    });
    expect(rows.map((x) => x.canonicalPressReleaseId)).toEqual([null, first.id, null]);
    expect((await run("press-releases:assign-canonicals")).out).toEqual(["assigned 0 canonicals"]);
  });
});

describe("press-releases:duplicates-report", () => {
  it("lists releases sharing a content hash with newsroom, portal, status and canonical; changes nothing", async () => {
    const text = { title: `Dup ${unique("t")}`, body: "<p>Sent by two newsrooms.</p>" };
    const a = await seedRelease({ companyId: (await seedCompany({ name: "Alpha AG" })).id, ...text });
    const b = await seedRelease({ companyId: (await seedCompany({ name: "Beta GmbH" })).id, portal: "tech", status: "published", ...text });
    const r = await run("press-releases:duplicates-report");
    expect(r.code).toBe(0);
    expect(r.out).toContain(`hash ${contentHash(text.title, text.body).slice(0, 12)}: 2 releases, across newsrooms`);
    expect(r.out).toContain(`  release ${a.id}  newsroom ${a.companyId} "Alpha AG"  business/de  draft  canonical -`);
    expect(r.out).toContain(`  release ${b.id}  newsroom ${b.companyId} "Beta GmbH"  tech/de  published  canonical -`);
    expect((await run("press-releases:duplicates-report", "--since=2999-01-01")).code).toBe(2);
    // Two days ahead: --since is a Berlin date, and an hour before UTC midnight Berlin already has tomorrow.
    const later = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
    expect((await run("press-releases:duplicates-report", `--since=${later}`)).out).toEqual(["0 groups"]);
    expect((await run("press-releases:duplicates-report", "--limit=0")).code).toBe(2);
    expect((await run("press-releases:duplicates-report", "--since=2026-13-01")).code).toBe(2);
  });
});

describe("press-releases:backfill-published-ever", () => {
  it("sets the earliest known publish time where it is missing; idempotent", async () => {
    const company = await seedCompany();
    const byHistory = await seedRelease({ companyId: company.id, status: "archived", publishedAt: ago(5) });
    const firstPublish = await db.pressReleaseHistory.create({
      data: { pressReleaseId: byHistory.id, fromStatus: "in_review", toStatus: "published", actorType: "ki", createdAt: ago(10) },
    });
    const byStatus = await seedRelease({ companyId: company.id, status: "published", publishedAt: ago(7) });
    const draft = await seedRelease({ companyId: company.id, status: "draft" });
    const known = await seedRelease({ companyId: company.id, status: "published", publishedAt: ago(4), publishedEverAt: ago(4) });

    const dry = (await run("press-releases:backfill-published-ever", "--dry-run")).out;
    expect(dry).toContain(`  release ${byHistory.id}: ${firstPublish.createdAt.toISOString()}`);
    expect(dry).toContain(`  release ${byStatus.id}: ${byStatus.publishedAt!.toISOString()}`);
    expect(dry.filter((l) => l.startsWith(`  release ${draft.id}:`) || l.startsWith(`  release ${known.id}:`))).toEqual([]);
    expect(await db.pressRelease.count({ where: { id: byStatus.id, publishedEverAt: null } })).toBe(1);
    expect((await run("press-releases:backfill-published-ever")).code).toBe(0);
    const rows = await db.pressRelease.findMany({
      where: { id: { in: [byHistory.id, byStatus.id, draft.id, known.id] } },
      orderBy: { id: "asc" },
      select: { publishedEverAt: true, updatedAt: true },
    });
    expect(rows.map((x) => x.publishedEverAt?.getTime() ?? null)).toEqual([
      firstPublish.createdAt.getTime(),
      byStatus.publishedAt!.getTime(),
      null,
      known.publishedEverAt!.getTime(),
    ]);
    expect(rows[0]!.updatedAt).toEqual(byHistory.updatedAt);
    expect((await run("press-releases:backfill-published-ever")).out).toEqual(["set published_ever_at on 0 releases"]);
    expect((await run("press-releases:backfill-published-ever", "--nope")).code).toBe(2);
  });
});
