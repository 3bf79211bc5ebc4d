import { afterEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { reviewJob } from "@/lib/domains/review/review-job";
import { functions } from "@/inngest/functions";
import { JOBS } from "./catalog";
import { dispatchJob } from "@/lib/core/jobs/dispatch";
import { drainQueue, releaseStaleClaims, workOne } from "./local-worker";
import { defineJob } from "@/lib/core/jobs/types";

const runs: string[] = [];
const countingJob = defineJob<{ tag: string }>({
  name: "test/count",
  retries: 0,
  timeoutSeconds: 5,
  handler: async ({ tag }, { step }) => step.run("count", async () => void runs.push(tag)),
});
let failures = 0;
const flakyJob = defineJob({
  name: "test/flaky",
  retries: 1,
  timeoutSeconds: 5,
  handler: async () => {
    failures++;
    throw new Error("provider down");
  },
});
JOBS.push(countingJob as never, flakyJob as never);

afterEach(async () => {
  runs.length = 0;
  await drainQueue();
});

describe("local job queue", () => {
  it("drops a second dispatch with the same key", async () => {
    await dispatchJob("test/count", { tag: "a" }, { key: "same-key" });
    await dispatchJob("test/count", { tag: "a" }, { key: "same-key" });
    await drainQueue();
    expect(runs).toEqual(["a"]);
    expect(await db.jobQueue.count({ where: { dedupeKey: "same-key" } })).toBe(1);
  });

  it("runs each queued job once when two workers on separate connections drain together", async () => {
    await db.jobQueue.createMany({
      data: Array.from({ length: 30 }, (_, i) => ({ name: "test/count", payload: { tag: `j${i}` }, runAt: new Date(Date.now() + 60_000) })),
    });
    await db.jobQueue.updateMany({ where: { name: "test/count", status: "pending" }, data: { runAt: new Date(Date.now() - 1000) } });
    // Two workers: the module's worker and one on a second Prisma client (another process).
    const { PrismaPg } = await import("@prisma/adapter-pg");
    const { PrismaClient } = await import("@/lib/generated/prisma/client");
    const other = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL!, max: 2 }) });
    const claimedByOther: number[] = [];
    const otherWorker = async () => {
      for (;;) {
        const rows = await other.$queryRaw<{ id: number; payload: { tag: string } }[]>`
          UPDATE job_queue SET status = 'running', locked_at = now(), attempts = attempts + 1
          WHERE id = (SELECT id FROM job_queue WHERE status = 'pending' AND run_at <= now() ORDER BY run_at, id FOR UPDATE SKIP LOCKED LIMIT 1)
          RETURNING id, payload`;
        const row = rows[0];
        if (!row) return;
        runs.push(row.payload.tag);
        claimedByOther.push(row.id);
        await other.$executeRaw`UPDATE job_queue SET status = 'done' WHERE id = ${row.id}`;
      }
    };
    const mine = async () => {
      while (await workOne()) {
        /* drain */
      }
    };
    await Promise.all([mine(), otherWorker(), mine()]);
    await other.$disconnect();
    expect(runs).toHaveLength(30);
    expect(new Set(runs).size).toBe(30);
    expect(await db.jobQueue.count({ where: { name: "test/count", status: { not: "done" } } })).toBe(0);
  });

  it("retries with back-off and records an exhausted job in failed_jobs", async () => {
    failures = 0;
    await dispatchJob("test/flaky", {});
    await drainQueue();
    const row = await db.jobQueue.findFirstOrThrow({ where: { name: "test/flaky" } });
    expect(row.status).toBe("pending");
    expect(row.lastError).toBe("provider down");
    expect(row.runAt.getTime()).toBeGreaterThan(Date.now());
    await db.jobQueue.update({ where: { id: row.id }, data: { runAt: new Date() } });
    await drainQueue();
    expect(failures).toBe(2);
    expect((await db.jobQueue.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("failed");
    expect(await db.failedJob.count({ where: { name: "test/flaky" } })).toBe(1);
  });
});

describe("AI_JOB_RETRY_AFTER_S (spec 8: AI jobs time out after 120 s, retry_after 150 s)", () => {
  afterEach(async () => {
    delete process.env.AI_JOB_RETRY_AFTER_S;
    resetConfigForTests();
    await db.jobQueue.deleteMany({ where: { status: "running" } });
  });

  const claimedSecondsAgo = (name: string, seconds: number) =>
    db.jobQueue.create({
      data: { name, payload: {}, status: "running", attempts: 1, runAt: new Date(), lockedAt: new Date(Date.now() - seconds * 1000) },
    });
  const statusOf = async (id: number) => (await db.jobQueue.findUniqueOrThrow({ where: { id } })).status;

  it("bounds a review attempt, locally and on Inngest", () => {
    expect(reviewJob.timeoutSeconds).toBe(150);
    const fn = functions.find((f) => f.id() === "release-review")!;
    expect((fn as unknown as { opts: { timeouts: { finish: string } } }).opts.timeouts.finish).toBe("150s");
    process.env.AI_JOB_RETRY_AFTER_S = "600";
    resetConfigForTests();
    expect(reviewJob.timeoutSeconds).toBe(600);
  });

  it("is when a claimed review whose process died is claimed again", async () => {
    const dead = await claimedSecondsAgo("release/review", 151);
    const alive = await claimedSecondsAgo("release/review", 120);
    expect(await releaseStaleClaims()).toBeGreaterThanOrEqual(1);
    expect([await statusOf(dead.id), await statusOf(alive.id)]).toEqual(["pending", "running"]);

    process.env.AI_JOB_RETRY_AFTER_S = "600";
    resetConfigForTests();
    const slow = await claimedSecondsAgo("release/review", 500);
    await releaseStaleClaims();
    expect(await statusOf(slow.id)).toBe("running");
  });

  it("leaves other jobs to their own limits", async () => {
    const count = await claimedSecondsAgo("test/count", 6);
    const unknown = await claimedSecondsAgo("renamed/job", 200);
    await releaseStaleClaims();
    expect([await statusOf(count.id), await statusOf(unknown.id)]).toEqual(["pending", "running"]);
  });
});
