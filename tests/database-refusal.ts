/**
 * The database's own refusal of a statement, read from the driver error: Prisma's message says
 * only "Foreign key constraint violated" and quotes the calling source line (with the test
 * file's path), so matching the message text would pass on whatever that line contains.
 * Null when the statement succeeded.
 */
export async function databaseRefusal(p: Promise<unknown>): Promise<{ sqlState?: string; message?: string } | null> {
  const err = (await p.then(
    () => null,
    (e: unknown) => e,
  )) as { meta?: { driverAdapterError?: { cause?: { originalCode?: string; originalMessage?: string } } } } | null;
  if (!err) return null;
  const cause = err.meta?.driverAdapterError?.cause;
  return { sqlState: cause?.originalCode, message: cause?.originalMessage ?? String(err) };
}

/** What the insert-only trigger answers for a table (prisma/sql/insert-only.sql). */
export const insertOnlyRefusal = (table: string) => ({ sqlState: "23001", message: `${table} is insert-only` });
