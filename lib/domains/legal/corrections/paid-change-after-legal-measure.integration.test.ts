import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import type { LegalRequestTrack } from "@/lib/generated/prisma/client";
import { decideLegalRequest } from "@/lib/domains/legal/requests/decide-legal-request";
import { executeLegalRequest } from "@/lib/domains/legal/requests/execute-legal-request";
import { redactReleaseBody } from "@/lib/domains/legal/requests/redaction";
import { startLegalRequestReview } from "@/lib/domains/legal/requests/start-legal-request-review";
import { CHANGE_AFTER_LEGAL_MEASURE, requestPaidChange } from "@/lib/domains/paid-changes/request-paid-change";
import { GOOD_BODY } from "@/tests/release-fixtures";
import { complianceAdmin, seedLegalRequest, seedPublishedRelease } from "@/tests/legal-request-fixtures";

// As the newsroom after a legal measure: text an editor removed for legal reasons (a redaction)
// or a release withdrawn for them must not come back through the paid change (spec 4.5), which
// goes live on payment without an editor seeing it.

const NAME = "Max Mustermann";
const BODY = GOOD_BODY.replace("Geschäftsführerin Anna Beispiel", `Projektleiter ${NAME}`);

async function executed(track: LegalRequestTrack, measure: "redact" | "depublish" | "text") {
  const { owner, release } = await seedPublishedRelease({ data: { body: BODY } });
  const editor = await complianceAdmin();
  const data = track === "redaction" ? { redactedPassages: [NAME], redactionPreview: redactReleaseBody(BODY, [NAME]) } : {};
  const request = await seedLegalRequest({ track, releaseId: release.id, requesterUserId: owner.id, data });
  await startLegalRequestReview({ legalRequestId: request.id, adminUserId: editor.id });
  await decideLegalRequest({ legalRequestId: request.id, adminUserId: editor.id, decision: "approve", note: "Begründet." });
  const text = measure === "text" ? { title: release.title, body: BODY.replace("250", "260") } : null;
  await executeLegalRequest({
    legalRequestId: request.id,
    adminUserId: editor.id,
    measure,
    text,
    publicNote: measure === "text" ? "Die Zahl war falsch." : null,
  });
  return { owner, release: await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } }) };
}

describe("a paid change after a legal measure", () => {
  it("as the newsroom: is refused after a redaction, also when it would put the removed name back, and nothing is stored", async () => {
    const { owner, release } = await executed("redaction", "redact");
    expect(release.body).not.toContain(NAME);
    for (const body of [BODY, release.body.replace("250", "300")]) {
      await expect(requestPaidChange({ userId: owner.id, releaseId: release.id, title: release.title, body })).rejects.toMatchObject({
        code: "change_not_allowed",
        message: CHANGE_AFTER_LEGAL_MEASURE,
      });
    }
    expect(await db.pressReleaseChange.count({ where: { pressReleaseId: release.id } })).toBe(0);
  });

  it("as the newsroom: is refused for a withdrawn release that is published again", async () => {
    const { owner, release } = await executed("depublication", "depublish");
    expect(release.status).toBe("depublished");
    await db.pressRelease.update({ where: { id: release.id }, data: { status: "published" } });
    await expect(
      requestPaidChange({ userId: owner.id, releaseId: release.id, title: release.title, body: BODY.replace("250", "300") }),
    ).rejects.toMatchObject({ code: "change_not_allowed", message: CHANGE_AFTER_LEGAL_MEASURE });
    expect(await db.pressReleaseChange.count({ where: { pressReleaseId: release.id } })).toBe(0);
  });

  it("stays open after a plain correction, which removed nothing for legal reasons", async () => {
    const { owner, release } = await executed("correction", "text");
    const out = await requestPaidChange({
      userId: owner.id,
      releaseId: release.id,
      title: release.title,
      body: release.body.replace("260", "270"),
    });
    expect(out.precheckResult).not.toBe("red");
  });
});
