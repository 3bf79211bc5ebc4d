import { db, type Tx } from "@/lib/core/db/client";

// The release form's key for a release it has not saved yet (docs/release-lifecycle.md "Writing a
// release"): the form sends the same key with every attempt, so an attempt sent again after an
// answer was lost (a 503, a closed connection, a double click) finds the release the first one
// created instead of creating a second. Kept as an idempotency key of the dashboard's own scope.

const KEY = /^[A-Za-z0-9-]{16,64}$/;
const scopeOf = (userId: number) => `dashboard:new-release:${userId}`;

export const isNewReleaseKey = (key: unknown): key is string => typeof key === "string" && KEY.test(key);

/** The release an earlier attempt with this key created, if it committed. */
export async function releaseOfNewReleaseKey(userId: number, key: string): Promise<number | null> {
  const row = await db.idempotencyKey.findUnique({ where: { scope_key: { scope: scopeOf(userId), key } }, select: { resourceId: true } });
  return row?.resourceId ?? null;
}

/** Binds the new release to the key in the create's own transaction; a second create with the key fails its unique index and rolls back. */
export async function bindNewReleaseKey(tx: Tx, userId: number, key: string, releaseId: number): Promise<void> {
  await tx.idempotencyKey.create({
    data: { scope: scopeOf(userId), key, requestHash: "0".repeat(64), responseStatus: 201, resourceId: releaseId },
  });
}
