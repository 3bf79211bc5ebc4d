import { isActiveAccount } from "@/lib/domains/accounts/permissions";
import { db } from "@/lib/core/db/client";
import type { LegalRequest } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/core/errors/errors";
import { advanceLegalRequest } from "./advance-legal-request";
import { optionalNote } from "./editor-note";
import { lockLegalRequest } from "./lock-legal-request";

/**
 * The requester takes their request back while nothing is decided (received | in_review →
 * withdrawn). Only the account that filed it may; anyone else learns nothing (404). A request
 * filed through the public form has no account and is withdrawn by writing to the editors.
 */
export async function withdrawLegalRequest(opts: {
  legalRequestId: number;
  requesterUserId: number;
  note?: string | null;
  now?: Date;
}): Promise<LegalRequest> {
  const now = opts.now ?? new Date();
  const note = optionalNote(opts.note, "note");
  return db.$transaction(async (tx) => {
    const request = await lockLegalRequest(tx, opts.legalRequestId);
    const user = await tx.user.findUnique({ where: { id: opts.requesterUserId }, select: { isActive: true, deletedAt: true } });
    if (request.requesterUserId !== opts.requesterUserId || !user || !isActiveAccount(user)) throw notFound("Legal request not found.");
    return advanceLegalRequest(tx, { request, step: "withdraw", actorUserId: opts.requesterUserId, note, now });
  });
}
