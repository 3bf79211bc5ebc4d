import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { createRelease } from "@/lib/domains/releases/save-release";
import { submitRelease } from "@/lib/domains/releases/submit-release";
import { unique } from "@/tests/factories";
import { GOOD_BODY, seedCheckedRelease, seedNewsroom } from "@/tests/release-fixtures";
import { functions } from "./index";

const byId = (id: string) => functions.find((f) => f.id() === id)!;

describe("release pipeline functions on Inngest", () => {
  it("release-review: submitted → check → route → publish in one step, and a replay publishes nothing twice", async () => {
    const { owner, company } = await seedNewsroom();
    const actor = { type: "user" as const, userId: owner.id };
    const release = await createRelease({
      companyId: company.id,
      portal: "business",
      language: "de",
      authorUserId: owner.id,
      content: { title: `Werk ${unique("ing")}`, body: GOOD_BODY, location: "Berlin", contactName: "P" },
      actor,
    });
    await submitRelease({ releaseId: release.id, actor });

    const engine = () =>
      new InngestTestEngine({ function: byId("release-review"), events: [{ name: "release/review", data: { releaseId: release.id } }] });
    const first = await engine().execute();
    expect(first.error).toBeUndefined();
    expect(first.ctx.step.run).toHaveBeenCalledWith("check-route-publish", expect.any(Function));
    expect(first.result).toMatchObject({ outcome: "published" });
    // The same event delivered again (a retry after the step succeeded).
    const again = await engine().execute();
    expect(again.result).toMatchObject({ outcome: "skipped" });
    expect(await db.pressReleaseHistory.count({ where: { pressReleaseId: release.id, toStatus: "published" } })).toBe(1);
  });

  it("releases-publish-scheduled runs every minute and publishes due releases", async () => {
    const fn = byId("releases-publish-scheduled");
    expect((fn as unknown as { opts: { triggers: object[] } }).opts.triggers).toContainEqual({ cron: "TZ=Europe/Berlin * * * * *" });
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id, {
      data: { status: "scheduled", scheduledAt: new Date(Date.now() - 1000) },
    });
    const { result, error } = await new InngestTestEngine({
      function: fn,
      events: [{ name: "releases/publish-scheduled", data: {} }],
    }).execute();
    expect(error).toBeUndefined();
    expect((result as { published: number[] }).published).toContain(release.id);
  });

  it("respect the AI job timeout", () => {
    const review = byId("release-review") as unknown as { opts: { timeouts: { finish: string } } };
    expect(review.opts.timeouts.finish).toBe("150s");
  });
});
