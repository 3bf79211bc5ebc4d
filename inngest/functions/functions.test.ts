import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { SCHEDULER_HEARTBEAT } from "@/lib/core/jobs/heartbeat";
import { functions } from "./index";

describe("Inngest functions", () => {
  it("are one per job, with the cron of each schedule beside the event trigger", () => {
    expect(functions.map((f) => f.id())).toContain("scheduler-heartbeat");
    const heartbeat = functions.find((f) => f.id() === "scheduler-heartbeat")!;
    const triggers = (heartbeat as unknown as { opts: { triggers: object[] } }).opts.triggers;
    expect(triggers).toEqual([{ event: "scheduler/heartbeat" }, { cron: "TZ=Europe/Berlin */5 * * * *" }]);
  });

  it("run the job's own named steps against the real database", async () => {
    const fn = functions.find((f) => f.id() === "scheduler-heartbeat")!;
    await db.jobHeartbeat.deleteMany({ where: { name: SCHEDULER_HEARTBEAT } });
    const t = new InngestTestEngine({ function: fn, events: [{ name: "scheduler/heartbeat", data: {} }] });
    const { ctx, error } = await t.execute();
    expect(error).toBeUndefined();
    expect(ctx.step.run).toHaveBeenCalledWith("record-heartbeat", expect.any(Function));
    const row = await db.jobHeartbeat.findUniqueOrThrow({ where: { name: SCHEDULER_HEARTBEAT } });
    expect(Date.now() - row.lastRunAt.getTime()).toBeLessThan(10_000);
  });
});
