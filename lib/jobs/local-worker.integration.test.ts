import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { JOBS } from "./catalog";
import { dispatchJob } from "./dispatch";
import { drainQueue, workOne } from "./local-worker";
import { defineJob } from "./types";

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
    await db.jobQueue.createMany({ data: Array.from({ length: 30 }, (_, i) => ({ name: "test/count", payload: { tag: `j${i}` }, runAt: new Date(Date.now() + 60_000) })) });
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
