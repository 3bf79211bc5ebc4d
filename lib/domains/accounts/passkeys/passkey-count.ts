import { db, type DbOrTx } from "@/lib/core/db/client";

/**
 * How many passkeys an account has: what the sign-in challenge, the identity-proof rules and the
 * challenge page ask. Inside a transaction, pass it, so the count sees what the transaction sees.
 */
export function countPasskeys(userId: number, client: DbOrTx = db): Promise<number> {
  return client.passkey.count({ where: { userId } });
}
