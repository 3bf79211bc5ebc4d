import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedCompany } from "@/tests/factories";
import { recordActivity } from "./record-activity";
import { ACTIVITY } from "./types";

describe("recordActivity", () => {
  it("writes a row; no actor means System", async () => {
    await recordActivity({
      type: ACTIVITY.releaseStatusChanged,
      subjectType: "press_release",
      subjectId: 5,
      result: "published",
      reason: "green",
    });
    const row = await db.activityLog.findFirstOrThrow({ where: { type: ACTIVITY.releaseStatusChanged } });
    expect(row.actorUserId).toBeNull();
    expect(row.subjectId).toBe("5");
  });

  it("never aborts the business transaction when its own write fails", async () => {
    const company = await db.$transaction(async (tx) => {
      const c = await tx.company.create({ data: { portal: "tech", slug: "activity-test", name: "Activity GmbH" } });
      // A user id that does not exist violates the foreign key: the write fails.
      await recordActivity({ actorUserId: 987654, type: ACTIVITY.newsroomCreated, subjectId: c.id }, tx);
      await tx.company.update({ where: { id: c.id }, data: { descriptionDe: "still in business" } });
      return c;
    });
    expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).descriptionDe).toBe("still in business");
    expect(await db.activityLog.count({ where: { type: ACTIVITY.newsroomCreated } })).toBe(0);
  });

  it("joins the transaction when it succeeds, and leaves with its rollback", async () => {
    const company = await seedCompany();
    await expect(
      db.$transaction(async (tx) => {
        await recordActivity({ type: ACTIVITY.newsroomProfileUpdated, subjectId: company.id }, tx);
        throw new Error("business rule failed");
      }),
    ).rejects.toThrow("business rule failed");
    expect(await db.activityLog.count({ where: { type: ACTIVITY.newsroomProfileUpdated } })).toBe(0);
  });
});
