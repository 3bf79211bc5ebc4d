import { assertCan } from "@/lib/domains/accounts/permissions";
import { db } from "@/lib/core/db/client";
import type { LegalRequest } from "@/lib/generated/prisma/client";
import { advanceLegalRequest } from "./advance-legal-request";
import { optionalNote } from "./editor-note";
import { lockLegalRequest } from "./lock-legal-request";

/**
 * "In Prüfung nehmen": an editor takes a received request (received → in_review). The queue then
 * shows who works on it, and the requester can no longer be surprised by two answers.
 */
export async function startLegalRequestReview(opts: {
  legalRequestId: number;
  adminUserId: number;
  note?: string | null;
  now?: Date;
}): Promise<LegalRequest> {
  const now = opts.now ?? new Date();
  const note = optionalNote(opts.note, "note");
  return db.$transaction(async (tx) => {
    // Race: compliance:manage revoked while the editor clicks; the user row is read FOR SHARE.
    await assertCan(opts.adminUserId, "compliance:manage", tx);
    const request = await lockLegalRequest(tx, opts.legalRequestId);
    return advanceLegalRequest(tx, { request, step: "start_review", actorUserId: opts.adminUserId, note, now });
  });
}
