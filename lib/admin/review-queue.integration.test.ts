import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { seedCheckedRelease, seedNewsroom } from "@/tests/release-fixtures";
import { loadReviewQueue } from "./review-queue";

describe("admin review queue", () => {
  it("shows every check of a flagged release with all its reasons, the newsroom and a text preview", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id, { result: "red", data: { reviewFlaggedAt: new Date(), automaticAttempts: 3 } });
    await db.pressReleaseClassification.create({
      data: {
        pressReleaseId: release.id, result: "red", contentHash: release.contentHash, classifier: "test", attempt: 3,
        reasons: [{ code: "advertising", severity: "red", message: "Der Text liest sich wie Werbung." }, { code: "short", severity: "yellow", message: "Der Text ist sehr kurz." }],
      },
    });
    const item = (await loadReviewQueue()).find((i) => i.id === release.id);
    expect(item).toMatchObject({ companyName: company.name, reason: "last_red", automaticAttempts: 3 });
    expect(item!.checks).toHaveLength(2);
    expect(item!.checks[0]!.reasons.map((r) => r.code)).toEqual(["advertising", "short"]);
    expect(item!.preview).toContain("Die Beispiel AG eröffnet ein neues Werk");
    expect(item!.preview).not.toContain("<p>");
  });
});
