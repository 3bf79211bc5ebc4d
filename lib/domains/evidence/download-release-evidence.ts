import { assertCan } from "@/lib/domains/accounts/permissions";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";
import { statedPurpose } from "./evidence-purpose";
import { exportReleaseEvidence } from "./export";

/**
 * The signed evidence export of a release as a download for the admin area (a legal case, a
 * rights holder's request). It holds the evidence of removed images too, so it needs
 * compliance:manage; the purpose is logged as evidence.accessed (spec 4.3: EvidenceAccess), and a copy stays in storage.
 */
export async function downloadReleaseEvidence(opts: {
  releaseId: number;
  adminUserId: number;
  purpose: string;
}): Promise<{ bytes: Buffer; filename: string }> {
  const purpose = statedPurpose(opts.purpose);
  await assertCan(opts.adminUserId, "compliance:manage");
  if (!isRecordId(opts.releaseId)) throw notFound("Press release not found.");
  const { document } = await exportReleaseEvidence({ pressReleaseId: opts.releaseId });
  await recordActivity({
    actorUserId: opts.adminUserId,
    type: ACTIVITY.evidenceAccessed,
    subjectType: "press_release",
    subjectId: opts.releaseId,
    result: "export",
    reason: purpose,
  });
  return { bytes: Buffer.from(`${JSON.stringify(document, null, 2)}\n`), filename: `nachweise-pressemitteilung-${opts.releaseId}.json` };
}
