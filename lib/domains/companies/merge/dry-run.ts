import { db, type Tx } from "@/lib/core/db/client";

/** Thrown to roll a dry run back after it did everything; carries what it would have done. */
export class DryRunRollback<T> extends Error {
  constructor(readonly outcome: T) {
    super("dry run rolled back");
  }
}

/**
 * Runs `work` in one transaction. In a dry run a result that changed something is rolled back
 * (so the preview is exactly what a real run does, locks and checks included) and returned.
 */
export async function rollbackAfter<T>(dryRun: boolean, work: (tx: Tx) => Promise<T>, changed: (result: T) => boolean): Promise<T> {
  try {
    return await db.$transaction(
      async (tx) => {
        const result = await work(tx);
        if (dryRun && changed(result)) throw new DryRunRollback(result);
        return result;
      },
      // A big newsroom moves thousands of rows; the merge is a rare console operation.
      { timeout: 120_000, maxWait: 10_000 },
    );
  } catch (err) {
    if (err instanceof DryRunRollback) return err.outcome as T;
    throw err;
  }
}
