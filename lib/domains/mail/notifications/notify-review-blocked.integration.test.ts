import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { workOne } from "@/lib/runtime/jobs/local-worker";
import { createRelease } from "@/lib/domains/releases/save-release";
import { submitRelease } from "@/lib/domains/releases/submit-release";
import { RED_BODY, seedNewsroom } from "@/tests/release-fixtures";

const user = (id: number) => ({ type: "user" as const, userId: id });

async function submitAndCheck(releaseId: number, actorId: number) {
  await submitRelease({ releaseId, actor: user(actorId) });
  while (await workOne()) {
    /* the review job runs */
  }
}

describe("the blocked-review notice (spec 3.1 row 2)", () => {
  it("goes to the author once, when the last allowed automatic check is red; the earlier reds are rejection mails", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await createRelease({
      companyId: company.id,
      portal: "business",
      language: "de",
      authorUserId: owner.id,
      content: {
        title: "JETZT KAUFEN ALLES GRATIS",
        body: RED_BODY,
        location: "Berlin",
        contactName: "Pressestelle",
        contactEmail: "presse@beispiel.de",
      },
      actor: user(owner.id),
    });

    await submitAndCheck(release.id, owner.id);
    await submitAndCheck(release.id, owner.id);
    expect(await db.mailOutbox.count({ where: { to: owner.email, mailType: "review_blocked" } })).toBe(0);
    await submitAndCheck(release.id, owner.id);

    const flagged = await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } });
    expect([flagged.status, flagged.reviewFlaggedAt !== null]).toEqual(["in_review", true]);
    const notices = await db.mailOutbox.findMany({ where: { to: owner.email, mailType: "review_blocked" } });
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain("(3 von 3)");
    expect(notices[0]!.text).toContain("Großbuchstaben");
    expect(notices[0]!.text).toContain(`/dashboard/releases/${release.id}?src=review_blocked&pr=${release.id}`);

    // The two reds before it were rejections, each with the opt-out footer of type "rejected".
    const rejections = await db.mailOutbox.findMany({ where: { to: owner.email, mailType: "rejected" } });
    expect(rejections).toHaveLength(2);
    for (const mail of rejections) expect(mail.text).toMatch(/\/unsubscribe\?t=/);
  });
});
