import type { Tx } from "@/lib/core/db/client";
import { inSavepoint } from "@/lib/core/db/savepoint";
import { isUniqueViolation } from "@/lib/core/db/unique-violation";

// The public reference of a legal request (legal_requests.reference, "XXXX-XXXX-XXXX"): 48
// random bits the database draws as the column's default, unique by index. Two requests drawing
// the same one is rare but possible; the second then draws again instead of failing.

const ATTEMPTS = 5;

/**
 * Runs the insert of a legal request in the caller's transaction, inside a savepoint: when its
 * reference collides with an existing one, the insert is rolled back to the savepoint and made
 * again (with a fresh default), up to five times; anything else is rethrown as it is.
 */
export async function insertWithFreshReference<T>(tx: Tx, insert: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await inSavepoint(tx, "legal_reference", insert);
    } catch (err) {
      const referenceCollision = isUniqueViolation(err) && JSON.stringify(err.meta ?? {}).includes("reference");
      if (attempt >= ATTEMPTS || !referenceCollision) throw err;
    }
  }
}
