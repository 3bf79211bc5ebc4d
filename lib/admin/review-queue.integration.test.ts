import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { GOOD_BODY, seedCheckedRelease, seedNewsroom } from "@/tests/release-fixtures";
import { loadReviewQueue } from "./review-queue";

describe("admin review queue", () => {
  it("shows every check of a flagged release with all its reasons, and all of the release the approval covers", async () => {
    const { owner, company } = await seedNewsroom();
    const body = `${GOOD_BODY}<p>Mehr unter <a href="https://evil.example/login">www.beispiel.de</a>.</p>`;
    const release = await seedCheckedRelease(company.id, owner.id, {
      result: "red",
      data: { body, lead: "Ein Vorspann", keywords: ["werk"], contactName: "Presse", contactEmail: "p@beispiel.de", contactPhone: "+49 30 1", reviewFlaggedAt: new Date(), automaticAttempts: 3 },
    });
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
    // The whole text as stored (no 700-character preview), every link with where it really leads.
    expect(item!.bodyHtml).toBe(body);
    expect(item!.links).toEqual([{ text: "www.beispiel.de", href: "https://evil.example/login" }]);
    expect(item).toMatchObject({ lead: "Ein Vorspann", keywords: ["werk"], contact: { name: "Presse", email: "p@beispiel.de", phone: "+49 30 1" }, reviewFingerprint: release.reviewFingerprint });
  });
});
