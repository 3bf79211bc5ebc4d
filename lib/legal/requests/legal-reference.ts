import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";

// The public reference of a legal request (legal_requests.reference, "XXXX-XXXX-XXXX"): 48
// random bits the database draws as the column's default, unique by index. Two requests drawing
// the same one is rare but possible; the second then draws again instead of failing.

const ATTEMPTS = 5;

function isReferenceCollision(err: unknown): boolean {
  if (!(err instanceof Prisma.PrismaClientKnownRequestError)) return false;
  const cause = (err.meta?.["driverAdapterError"] as { cause?: { originalCode?: string } } | undefined)?.cause;
  return (err.code === "P2002" || cause?.originalCode === "23505") && JSON.stringify(err.meta ?? {}).includes("reference");
}

/**
 * Runs the insert of a legal request in the caller's transaction, inside a savepoint: when its
 * reference collides with an existing one, the insert is rolled back to the savepoint and made
 * again (with a fresh default), up to five times; anything else is rethrown as it is.
 */
export async function insertWithFreshReference<T>(tx: Tx, insert: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    await tx.$executeRaw`SAVEPOINT legal_reference`;
    try {
      const row = await insert();
      await tx.$executeRaw`RELEASE SAVEPOINT legal_reference`;
      return row;
    } catch (err) {
      await tx.$executeRaw`ROLLBACK TO SAVEPOINT legal_reference`;
      if (attempt >= ATTEMPTS || !isReferenceCollision(err)) throw err;
    }
  }
}
