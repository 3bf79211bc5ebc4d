import type { Tx } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * Serializes everything that decides about one provider identity: two first logins with the
 * same new `sub` (double click, two tabs) would otherwise both find no binding and both create
 * a user. The transaction-scoped advisory lock ends with the transaction; a hash collision only
 * makes two unrelated logins wait for each other.
 */
export async function lockProviderIdentity(tx: Tx, provider: string, providerAccountId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`oauth_account:${provider}:${providerAccountId}`}, 0))`;
}

/**
 * Runs `work` again once when a unique index refused its insert: a racer outside the provider
 * lock (a form registration of the same address) committed first, and the second run sees its
 * row and takes the matching branch.
 */
export async function retryOnUniqueViolation<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") return work();
    throw err;
  }
}
