import { db, type Tx } from "@/lib/core/db/client";

/** The SQLSTATE of a failed statement, through the driver adapter or straight from pg. */
export function sqlStateOf(err: unknown): string | undefined {
  const e = err as { code?: string; meta?: { driverAdapterError?: { cause?: { originalCode?: string } } } } | null;
  // A Prisma error's own code (P2010 ...) is not PostgreSQL's: that one sits in its meta.
  return e?.meta ? e.meta.driverAdapterError?.cause?.originalCode : e?.code;
}

/** PostgreSQL's answer when a lock wait ran past lock_timeout. */
export const isLockTimeout = (err: unknown) => sqlStateOf(err) === "55P03";

/** PostgreSQL's answer to the side of a lock wait cycle it ended. */
export const isDeadlock = (err: unknown) => sqlStateOf(err) === "40P01";

/** The server's own words for a failed statement. */
export function driverMessage(err: unknown): string {
  const e = err as { meta?: { driverAdapterError?: { cause?: { originalMessage?: string } } } };
  return e.meta?.driverAdapterError?.cause?.originalMessage ?? (err instanceof Error ? err.message : String(err));
}

export interface LockRetry {
  lockTimeoutMs: number;
  attempts: number;
  /** Called before each new attempt after a lock timeout. */
  onRetry?: (attempt: number) => void;
}

/**
 * Runs `fn` in one short transaction whose lock waits end after `lockTimeoutMs`: a statement
 * queued behind a long reader would otherwise hold up every query that comes after it. On a lock
 * timeout it tries again after a short pause, up to `attempts` times; then the timeout is thrown.
 */
export async function withLockTimeout<T>(opts: LockRetry, fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.$transaction(
        async (tx) => {
          await tx.$executeRaw`SELECT set_config('lock_timeout', ${`${opts.lockTimeoutMs}ms`}, true)`;
          return fn(tx);
        },
        { timeout: opts.lockTimeoutMs * 4 + 30_000, maxWait: 30_000 },
      );
    } catch (err) {
      // A deadlock ends this side of the cycle: the writers go on, the step is tried again.
      if (!(isLockTimeout(err) || isDeadlock(err)) || attempt >= opts.attempts) throw err;
      opts.onRetry?.(attempt);
      await new Promise((r) => setTimeout(r, Math.min(250 * attempt, 2_000)));
    }
  }
}
