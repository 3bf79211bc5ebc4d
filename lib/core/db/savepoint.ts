import type { Tx } from "./client";

const SAVEPOINT_NAME = /^[a-z_]+$/;

/**
 * Runs `fn` under a savepoint of `tx`: on success the savepoint is released; when `fn` throws,
 * its writes are rolled back to the savepoint (the caller's transaction stays usable) and the
 * error is rethrown as it is.
 */
export async function inSavepoint<T>(tx: Tx, name: string, fn: () => Promise<T>): Promise<T> {
  if (!SAVEPOINT_NAME.test(name)) throw new Error(`not a savepoint name: ${name}`);
  await tx.$executeRawUnsafe(`SAVEPOINT ${name}`);
  try {
    const value = await fn();
    await tx.$executeRawUnsafe(`RELEASE SAVEPOINT ${name}`);
    return value;
  } catch (err) {
    await tx.$executeRawUnsafe(`ROLLBACK TO SAVEPOINT ${name}`);
    throw err;
  }
}
