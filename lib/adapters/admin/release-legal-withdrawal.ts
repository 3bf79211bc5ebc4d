import type { DbOrTx } from "@/lib/core/db/client";

// A release taken off the portals by a legal measure (spec 4.4: an executed legal request whose
// measure is `depublish`). Executing it writes a `withdrawal` entry of the public correction log
// and an `executed` event naming the measure (lib/domains/legal/requests/execute-legal-request.ts); either
// record counts. Lifting it is a legal decision: republishing needs compliance:manage
// (lib/adapters/admin/release-actions.ts), however long ago the measure ran.

export interface LegalWithdrawal {
  /** When the measure ran (the newest one, if there were several). */
  at: Date;
  /** The legal request behind it, when the record names one. */
  legalRequestId: number | null;
}

/** The newest legal withdrawal of a release, or null when none was ever executed. */
export async function findLegalWithdrawal(client: DbOrTx, releaseId: number): Promise<LegalWithdrawal | null> {
  // One after the other: inside a transaction the client is one connection.
  const correction = await client.pressReleaseCorrection.findFirst({
    where: { pressReleaseId: releaseId, kind: "withdrawal" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { createdAt: true, legalRequestId: true },
  });
  const event = await client.legalRequestEvent.findFirst({
    where: { type: "executed", legalRequest: { pressReleaseId: releaseId }, data: { path: ["measure"], equals: "depublish" } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { createdAt: true, legalRequestId: true },
  });
  const found = [correction, event].filter((r) => r !== null).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  return found ? { at: found.createdAt, legalRequestId: found.legalRequestId } : null;
}
