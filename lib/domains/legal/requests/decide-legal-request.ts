import { assertCan } from "@/lib/domains/accounts/permissions";
import { db } from "@/lib/core/db/client";
import type { LegalRequest } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/core/errors/errors";
import { advanceLegalRequest } from "./advance-legal-request";
import { requiredNote } from "./editor-note";
import { lockLegalRequest } from "./lock-legal-request";

export type LegalDecision = "approve" | "reject";

export function isLegalDecision(value: unknown): value is LegalDecision {
  return value === "approve" || value === "reject";
}

/**
 * The editor's decision on a request under review (in_review → approved | rejected), with a
 * required note: it is the reasoning in the evidence trail and, for an approval, the editors'
 * note in the requester's `LegalRequestExecuted` mail. Approving changes nothing public yet;
 * executing does (executeLegalRequest).
 */
export async function decideLegalRequest(opts: {
  legalRequestId: number;
  adminUserId: number;
  decision: LegalDecision;
  note: string;
  now?: Date;
}): Promise<LegalRequest> {
  const now = opts.now ?? new Date();
  if (!isLegalDecision(opts.decision))
    throw new AppError("validation_failed", "Unknown decision.", undefined, [
      { path: "decision", message: "Bitte wählen Sie „Stattgeben“ oder „Ablehnen“." },
    ]);
  const note = requiredNote(opts.note, "note");
  return db.$transaction(async (tx) => {
    // Race: compliance:manage revoked while the editor decides; the user row is read FOR SHARE.
    await assertCan(opts.adminUserId, "compliance:manage", tx);
    // Race: two editors decide at once; the second waits here and then finds the request decided.
    const request = await lockLegalRequest(tx, opts.legalRequestId);
    return advanceLegalRequest(tx, {
      request,
      step: opts.decision,
      actorUserId: opts.adminUserId,
      note,
      data: { decisionNote: note, decidedByUserId: opts.adminUserId, decidedAt: now },
      now,
    });
  });
}
