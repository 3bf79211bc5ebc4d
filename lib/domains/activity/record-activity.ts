import { db, isTransaction, type DbOrTx } from "@/lib/core/db/client";
import { actingImpersonator } from "./acting-context";
import { bestEffort } from "./best-effort";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ActivityType } from "./types";

export interface ActivityEntry {
  /** Null or absent: the system acted (shown as "System"). */
  actorUserId?: number | null;
  /** One of the registry's types (lib/domains/activity/types.ts), written through its `ACTIVITY` constant. */
  type: ActivityType;
  subjectType?: string;
  subjectId?: string | number;
  result?: string;
  reason?: string;
  /** Path of a registration, login, payment or form intake (ACTIVITY_PATHS in ./types). */
  path?: string;
  metadata?: Prisma.InputJsonValue;
  /**
   * Staff acting as the customer. Absent: whoever the acting context names (./acting-context: the
   * request's session row; spec 6.1, every action during an impersonation is recorded with the
   * impersonator), so no writer can forget it.
   */
  impersonatorUserId?: number | null;
}

function toRow(entry: ActivityEntry, impersonatorUserId: number | null): Prisma.ActivityLogUncheckedCreateInput {
  return {
    actorUserId: entry.actorUserId ?? null,
    impersonatorUserId,
    type: entry.type,
    subjectType: entry.subjectType ?? null,
    subjectId: entry.subjectId === undefined ? null : String(entry.subjectId),
    result: entry.result ?? null,
    reason: entry.reason ?? null,
    path: entry.path ?? null,
    ...(entry.metadata === undefined ? {} : { metadata: entry.metadata }),
  };
}

/**
 * Writes one activity-log row, best-effort: a failure is logged and swallowed, never aborting
 * the business action (spec 6.1). Inside a transaction the insert runs under a savepoint, so
 * a failed insert does not poison the caller's transaction either.
 */
export async function recordActivity(entry: ActivityEntry, tx?: DbOrTx): Promise<void> {
  const client = tx ?? db;
  const row = toRow(entry, entry.impersonatorUserId !== undefined ? entry.impersonatorUserId : actingImpersonator());
  if (!isTransaction(client)) {
    await bestEffort("activity log write", () => client.activityLog.create({ data: row }));
    return;
  }
  await bestEffort("activity log write", async () => {
    await client.$executeRawUnsafe("SAVEPOINT activity_log_write");
    try {
      await client.activityLog.create({ data: row });
      await client.$executeRawUnsafe("RELEASE SAVEPOINT activity_log_write");
    } catch (err) {
      await client.$executeRawUnsafe("ROLLBACK TO SAVEPOINT activity_log_write").catch(() => {});
      throw err;
    }
  });
}
