import type { Tx } from "@/lib/core/db/client";
import { LEGAL_REQUEST_SUBJECT } from "@/lib/domains/evidence/jobs";
import { recordArchiveEntry, type EvidencePayload } from "@/lib/domains/evidence/record-archive-entry";
import type { ArchiveEntry, LegalRequest, PressRelease, Prisma, ReleaseStatus } from "@/lib/generated/prisma/client";
import type { TextState } from "@/lib/domains/legal/corrections/rewrite-release-text";
import type { Measure } from "@/lib/domains/legal-terms/request-status";

export interface ExecutionFacts {
  measure: Measure;
  note: string | null;
  publicNote: string | null;
  /** The passages removed, for a redaction (the request's own, or the editor's for a public report). */
  passages: string[] | null;
  correctionId: number | null;
  executedByUserId: number;
  executedAt: Date;
  release: {
    row: Pick<PressRelease, "id" | "portal" | "language" | "slug" | "companyId">;
    statusBefore: ReleaseStatus;
    statusAfter: ReleaseStatus;
    /** The text as it stood before the measure (the evidence of what was public). */
    before: TextState;
    /** The text afterwards; for a depublication or no measure, the same text. */
    after: TextState;
  } | null;
}

const textOf = (t: TextState) => ({ title: t.title, lead: t.lead, body: t.body, contentHash: t.contentHash });

/**
 * The signed archive entry of an executed request (kind `legal_request`): the request as filed,
 * the decision, the execution and the release's state before and after (text hashes, the text
 * before and after, status). Signed with the current archive key inside the executing
 * transaction, so the entry exists exactly when the execution does; the release's evidence
 * export picks it up through legal_request_id.
 */
export async function recordLegalRequestEvidence(tx: Tx, request: LegalRequest, facts: ExecutionFacts): Promise<ArchiveEntry> {
  const r = facts.release;
  const payload: EvidencePayload = {
    request: {
      id: request.id,
      track: request.track,
      source: request.source,
      language: request.language,
      requesterName: request.requesterName,
      requesterEmail: request.requesterEmail,
      requesterUserId: request.requesterUserId,
      subjectUrl: request.subjectUrl,
      body: request.body,
      proposedText: request.proposedText,
      redactedPassages: (request.redactedPassages ?? null) as Prisma.InputJsonValue | null,
      redactionPreview: request.redactionPreview,
      receivedAt: request.createdAt.toISOString(),
    },
    decision: {
      status: request.status,
      note: request.decisionNote,
      decidedByUserId: request.decidedByUserId,
      decidedAt: request.decidedAt?.toISOString() ?? null,
    },
    execution: {
      measure: facts.measure,
      note: facts.note,
      publicNote: facts.publicNote,
      passages: facts.passages,
      correctionId: facts.correctionId,
      executedByUserId: facts.executedByUserId,
      executedAt: facts.executedAt.toISOString(),
    },
    release: r
      ? {
          id: r.row.id,
          portal: r.row.portal,
          language: r.row.language,
          slug: r.row.slug,
          companyId: r.row.companyId,
          statusBefore: r.statusBefore,
          statusAfter: r.statusAfter,
          contentHashBefore: r.before.contentHash,
          contentHashAfter: r.after.contentHash,
          before: textOf(r.before),
          after: textOf(r.after),
        }
      : null,
  };
  // Its hold is that of the release the request names as it stands (before the execution links one).
  return recordArchiveEntry(tx, request.pressReleaseId, {
    kind: "legal_request",
    subjectType: LEGAL_REQUEST_SUBJECT,
    subjectId: request.id,
    legalRequestId: request.id,
    payload,
  });
}
