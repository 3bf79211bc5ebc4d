import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { GOOD_BODY, seedCheckedRelease, seedNewsroom } from "@/tests/release-fixtures";
import { loadReviewQueue } from "./review-queue";

describe("admin review queue", () => {
  it("shows every check of a flagged release with all its reasons, and all of the release the approval covers", async () => {
    const { owner, company } = await seedNewsroom();
    const body = `${GOOD_BODY}<p>Mehr unter <a href="https://evil.example/login">www.beispiel.de</a>.</p>`;
    const release = await seedCheckedRelease(company.id, owner.id, {
      result: "red",
      data: {
        body,
        lead: "Ein Vorspann",
        keywords: ["werk"],
        contactName: "Presse",
        contactEmail: "p@beispiel.de",
        contactPhone: "+49 30 1",
        reviewFlaggedAt: new Date(),
        automaticAttempts: 3,
      },
    });
    await db.pressReleaseClassification.create({
      data: {
        pressReleaseId: release.id,
        result: "red",
        contentHash: release.contentHash,
        classifier: "test",
        attempt: 3,
        reasons: [
          { code: "advertising", severity: "red", message: "Der Text liest sich wie Werbung." },
          { code: "short", severity: "yellow", message: "Der Text ist sehr kurz." },
        ],
      },
    });
    const item = (await loadReviewQueue()).find((i) => i.id === release.id);
    expect(item).toMatchObject({ companyName: company.name, reason: "last_red", automaticAttempts: 3 });
    expect(item!.checks).toHaveLength(2);
    expect(item!.checks[0]!.reasons.map((r) => r.code)).toEqual(["advertising", "short"]);
    // The whole text as stored (no 700-character preview), every link with where it really leads.
    expect(item!.bodyHtml).toBe(body);
    expect(item!.links).toEqual([{ text: "www.beispiel.de", href: "https://evil.example/login" }]);
    expect(item).toMatchObject({
      lead: "Ein Vorspann",
      keywords: ["werk"],
      contact: { name: "Presse", email: "p@beispiel.de", phone: "+49 30 1" },
      reviewFingerprint: release.reviewFingerprint,
    });
  });
});

describe("the images the queue shows", () => {
  it("are exactly those the approval binds, each with the credit line readers see", async () => {
    const { owner, company } = await seedNewsroom();
    const release = await seedCheckedRelease(company.id, owner.id, { result: "yellow", data: { manualQueueAt: new Date() } });
    const image = (n: number, data: Record<string, unknown>) =>
      db.pressReleaseImage.create({
        data: {
          pressReleaseId: release.id,
          position: n,
          bytesSha256: String(n).repeat(64),
          metadataHash: "e".repeat(64),
          mimeType: "image/jpeg",
          width: 10,
          height: 10,
          sizeBytes: 100,
          displayPath: `x${n}.jpg`,
          rulesVersion: "r1",
          formVersion: "v1",
          ...data,
        },
      });
    const shown = await image(1, { alt: "Das neue Werk", customerStatement: "Foto: Anna Beispiel", portalLabel: "KI-generiert" });
    await image(2, { alt: "Entfernt", customerStatement: "Foto: weg", deletedAt: new Date() });
    await image(3, { alt: "Zurückgehalten", customerStatement: "Foto: gesperrt", withheldAt: new Date() });
    await image(4, { alt: "Zur Prüfung", customerStatement: "Foto: Vorprüfung", precheckWithheldAt: new Date() });
    await image(5, { alt: "Vom Service, unbestätigt", customerStatement: "Foto: Service", uploadedByAdmin: true });

    const item = (await loadReviewQueue()).find((i) => i.id === release.id)!;
    expect(item.images).toEqual([{ id: shown.id, alt: "Das neue Werk", credit: "© Foto: Anna Beispiel · KI-generiert" }]);
  });
});
