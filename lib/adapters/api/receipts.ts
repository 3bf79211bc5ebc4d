import { db } from "@/lib/core/db/client";
import { ownReleaseOrThrow } from "@/lib/domains/accounts/newsrooms";
import { issuedReceiptsOf } from "@/lib/domains/releases/receipts/list-receipts";

/** GET /api/v1/releases/{id}/receipts: a release of the caller's newsrooms, its receipts newest first. */
export async function listReceiptsForUser(userId: number, releaseId: number) {
  const release = await ownReleaseOrThrow(userId, releaseId);
  return (await issuedReceiptsOf(db, release.id)).map((r) => ({
    sequence: r.sequence,
    event: r.event,
    issued_at: r.issuedAt,
    kid: r.kid,
    jws: r.jws,
  }));
}
