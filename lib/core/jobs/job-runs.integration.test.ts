import { InngestTestEngine } from "@inngest/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { functions } from "@/inngest/functions";
import { db } from "@/lib/core/db/client";
import { runRecorded } from "./job-runs";
import { workOne } from "@/lib/runtime/jobs/local-worker";
import { JOB } from "./names";

// Per job name, the last start, success and failure that the system-status page shows: written
// by the one wrapper both runners use (the local worker and the Inngest functions).

afterEach(async () => {
  vi.restoreAllMocks();
  await db.jobHeartbeat.deleteMany({});
  await db.jobQueue.deleteMany({});
});

const row = (name: string) => db.jobHeartbeat.findUniqueOrThrow({ where: { name } });

describe("runRecorded", () => {
  it("records the start and the success, then a failure with its message beside the earlier success", async () => {
    expect(await runRecorded("test/job", async () => 42)).toBe(42);
    const ok = await row("test/job");
    expect(ok.lastOkAt!.getTime()).toBeGreaterThanOrEqual(ok.lastRunAt.getTime());
    expect(ok.lastFailedAt).toBeNull();

    await expect(runRecorded("test/job", () => Promise.reject(new Error("relay refused")))).rejects.toThrow("relay refused");
    const failed = await row("test/job");
    expect(failed).toMatchObject({ lastError: "relay refused", lastOkAt: ok.lastOkAt, firstRunAt: ok.firstRunAt });
    expect(failed.lastFailedAt!.getTime()).toBeGreaterThanOrEqual(failed.lastRunAt.getTime());
  });

  // The status page is read by every operator: a mail job's error must not show them whom it
  // wrote to, nor a credential the error happened to quote.
  it("stores the failure's message masked and cut, never the recipient or a secret it names", async () => {
    const message = `send to jürgen.müller@bücher.de failed; retry url /u/max%40firma.de; relay said {"password":"hunter2"} token pd_${"A1b2".repeat(11)}\n${"x".repeat(2_000)}`;
    await expect(runRecorded("test/mail", () => Promise.reject(new Error(message)))).rejects.toThrow("jürgen");
    const { lastError } = await row("test/mail");
    expect(lastError).toMatch(/^send to \[email\] failed; retry url \[email\]; relay said \{"password":"\[filtered\]"\} token \[token\]\n/);
    for (const leak of ["jürgen", "bücher", "firma", "hunter2", "pd_"]) expect(lastError).not.toContain(leak);
    expect(lastError!.length).toBe(500);
  });

  it("never fails the job when the bookkeeping cannot be written", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    // PostgreSQL refuses a NUL in text: both writes fail for real.
    expect(await runRecorded("bad\u0000name", async () => "done")).toBe("done");
    expect(logged.mock.calls.map((c) => String(c[0]))).toEqual([
      expect.stringContaining("run not recorded"),
      expect.stringContaining("run not recorded"),
    ]);
    expect(await db.jobHeartbeat.count()).toBe(0);
  });
});

describe("both runners record per job name", () => {
  it("the local worker", async () => {
    await db.jobQueue.create({ data: { name: JOB.heartbeat, payload: {} } });
    expect(await workOne()).toBe(true);
    expect((await row(JOB.heartbeat)).lastOkAt).not.toBeNull();
  });

  it("the Inngest functions (here the operations watch)", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const fn = functions.find((f) => f.id() === "ops-watch")!;
    const { error, result } = await new InngestTestEngine({ function: fn, events: [{ name: JOB.opsWatch, data: {} }] }).execute();
    expect(error).toBeUndefined();
    expect((result as { findings: { key: string }[] }).findings.map((f) => f.key)).toEqual([
      "queue_backlog",
      "scheduler_silent",
      "mail_circuit_open",
      "mail_backlog",
      "webhook_failures:stripe:processing",
      "webhook_failures:stripe:signature",
      "webhook_failures:resend:processing",
      "webhook_failures:resend:signature",
    ]);
    const watched = await row(JOB.opsWatch);
    expect(watched.lastOkAt).not.toBeNull();
    expect(watched.lastFailedAt).toBeNull();
  });
});
