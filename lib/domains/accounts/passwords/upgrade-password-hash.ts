import { db, type DbOrTx } from "@/lib/core/db/client";
import { hashPassword, needsRehash } from "./hash";

/**
 * After a successful sign-in, replaces an old hash (scrypt, older argon2 cost) with one of
 * today's argon2id cost. The caller has verified `password` against `verifiedHash`. No policy
 * check: existing passwords stay valid, even short ones (spec 5.7). True when upgraded.
 */
export async function upgradePasswordHash(
  opts: { userId: number; password: string; verifiedHash: string },
  tx: DbOrTx = db,
): Promise<boolean> {
  if (!needsRehash(opts.verifiedHash)) return false;
  const passwordHash = await hashPassword(opts.password);
  // Race: a password change since the sign-in verified the old hash wins; only that hash is replaced.
  const { count } = await tx.user.updateMany({ where: { id: opts.userId, passwordHash: opts.verifiedHash }, data: { passwordHash } });
  return count === 1;
}
