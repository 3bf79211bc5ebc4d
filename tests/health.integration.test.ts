import { afterEach, describe, expect, it } from "vitest";
import { GET } from "@/app/health/route";
import { resetConfigForTests } from "@/lib/core/config";
import { disconnectPrisma } from "@/lib/core/db/client";
import { db } from "@/lib/core/db/client";
import { recordHeartbeat } from "@/lib/core/jobs/heartbeat";
import { checkHealth, HEALTH_CHECKS } from "@/lib/adapters/operations/health";
import { seedCompany, seedRelease } from "./factories";

const get = (token?: string) =>
  GET(new Request("http://hub.localhost/health", { headers: token ? { authorization: `Bearer ${token}` } : {} }));

afterEach(() => {
  resetConfigForTests();
});

describe("GET /health", () => {
  it("answers 401 without the bearer token or with a wrong one", async () => {
    for (const res of [await get(), await get("nope")]) {
      expect(res.status).toBe(401);
      const body = await res.json();
      expect(body.error.code).toBe("unauthenticated");
      expect(body.error.requestId).toBeTruthy();
      expect(body).not.toHaveProperty("checks");
    }
  });

  it("answers 200 with every check and the version", async () => {
    process.env.APP_VERSION = "9.8.7-test";
    resetConfigForTests();
    await recordHeartbeat();
    const res = await get("dev-health-token");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.status).toBe("ok");
    expect(body.version).toBe("9.8.7-test");
    expect(Object.keys(body.checks).sort()).toEqual(["cache", "database", "disk", "mail", "overdue", "queue", "scheduler"]);
    delete process.env.APP_VERSION;
  });

  it("answers 503 when the scheduler has gone quiet", async () => {
    await recordHeartbeat(undefined, new Date(Date.now() - 60 * 60_000));
    const res = await get("dev-health-token");
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body.checks.scheduler.status).toBe("fail");
    expect(body.checks.database.status).toBe("ok");
    await recordHeartbeat();
  });

  it("answers 503 when the database is unreachable", async () => {
    const url = process.env.DATABASE_URL;
    await disconnectPrisma();
    process.env.DATABASE_URL = "postgresql://postgres@127.0.0.1:1/unreachable";
    resetConfigForTests();
    try {
      const res = await get("dev-health-token");
      expect(res.status).toBe(503);
      const body = await res.json();
      expect(body.status).toBe("fail");
      expect(body.checks.database.status).toBe("fail");
      expect(body.checks.cache.status).toBe("ok");
    } finally {
      await disconnectPrisma();
      process.env.DATABASE_URL = url;
      resetConfigForTests();
    }
  });
});

describe("the backlog, where the jobs run", () => {
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
  const only = (name: "queue" | "overdue") => checkHealth({ [name]: HEALTH_CHECKS[name]! });

  afterEach(async () => {
    delete process.env.INNGEST_EVENT_KEY;
    resetConfigForTests();
    await db.jobQueue.deleteMany({});
    await db.pressRelease.deleteMany({});
  });

  it("embedded default: measures the local queue's due rows", async () => {
    expect((await only("queue")).status).toBe("ok");
    await db.jobQueue.create({ data: { name: "release/review", payload: {}, status: "pending", runAt: minutesAgo(30) } });
    const report = await only("queue");
    expect(report.checks.queue).toMatchObject({ status: "fail", detail: expect.stringContaining("oldest 30 min") });
  });

  it("on Inngest: says the queue is not measured here, whatever the local table holds", async () => {
    process.env.INNGEST_EVENT_KEY = "test-event-key";
    resetConfigForTests();
    await db.jobQueue.create({ data: { name: "release/review", payload: {}, status: "pending", runAt: minutesAgo(30) } });
    const report = await only("queue");
    expect(report.checks.queue).toMatchObject({ status: "ok", detail: expect.stringContaining("not measured here") });
  });

  for (const mode of ["embedded default", "Inngest"] as const) {
    it(`${mode}: fails on work the jobs left undone, and not on releases a business rule holds`, async () => {
      if (mode === "Inngest") process.env.INNGEST_EVENT_KEY = "test-event-key";
      resetConfigForTests();
      const company = await seedCompany();
      // Blocked by quota: the scheduler tried (a history entry after its time); not a backlog.
      const blocked = await seedRelease({ companyId: company.id, status: "scheduled", scheduledAt: minutesAgo(60) });
      await db.pressReleaseHistory.create({
        data: {
          pressReleaseId: blocked.id,
          fromStatus: "scheduled",
          toStatus: "scheduled",
          actorType: "scheduler",
          outcome: "quota_exceeded",
          createdAt: minutesAgo(59),
        },
      });
      // Waiting for a person is not the jobs' backlog either.
      await seedRelease({ companyId: company.id, status: "in_review", manualQueueAt: minutesAgo(60), updatedAt: minutesAgo(60) });
      expect((await only("overdue")).status).toBe("ok");

      const stuckReview = await seedRelease({ companyId: company.id, status: "in_review", updatedAt: minutesAgo(20) });
      const late = await seedRelease({ companyId: company.id, status: "scheduled", scheduledAt: minutesAgo(20) });
      const report = await only("overdue");
      expect(report.status).toBe("fail");
      expect(report.checks.overdue!.detail).toMatch(/^1 releases wait .* 1 scheduled releases/);

      // Once checked and published, nothing is overdue.
      await db.pressReleaseClassification.create({
        data: {
          pressReleaseId: stuckReview.id,
          result: "green",
          reasons: [],
          contentHash: stuckReview.contentHash,
          reviewFingerprint: stuckReview.reviewFingerprint,
          classifier: "test",
          attempt: 0,
        },
      });
      await db.pressRelease.update({ where: { id: late.id }, data: { status: "published" } });
      expect((await only("overdue")).status).toBe("ok");
    });
  }
});
