import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import type { DbOrTx } from "@/lib/core/db/client";
import type { ActorType, ReleaseStatus } from "@/lib/generated/prisma/client";

export interface Actor {
  type: ActorType;
  userId?: number | null;
}

export const SYSTEM: Actor = { type: "system" };
export const KI: Actor = { type: "ki" };
export const SCHEDULER: Actor = { type: "scheduler" };

export function isAutomatic(actor: Actor): boolean {
  return actor.type === "ki" || actor.type === "scheduler" || actor.type === "system";
}

/**
 * One history row per status change or business outcome, and the matching activity-log entry
 * (spec 6.1: status changes with result and reason; automatic ones appear as "System"), both
 * in the change's transaction. The activity write is best-effort and never aborts the move.
 */
export async function recordHistory(
  tx: DbOrTx,
  entry: {
    pressReleaseId: number;
    from: ReleaseStatus | null;
    to: ReleaseStatus;
    actor: Actor;
    outcome?: string;
    reason?: string;
    comment?: string;
  },
): Promise<void> {
  await tx.pressReleaseHistory.create({
    data: {
      pressReleaseId: entry.pressReleaseId,
      fromStatus: entry.from,
      toStatus: entry.to,
      actorType: entry.actor.type,
      actorUserId: entry.actor.userId ?? null,
      outcome: entry.outcome ?? null,
      reason: entry.reason ?? null,
      comment: entry.comment ?? null,
    },
  });
  await recordActivity(
    {
      actorUserId: entry.actor.type === "user" || entry.actor.type === "admin" ? (entry.actor.userId ?? null) : null,
      type: ACTIVITY.releaseStatusChanged,
      subjectType: "press_release",
      subjectId: entry.pressReleaseId,
      result: entry.to,
      reason: [entry.outcome, entry.reason].filter(Boolean).join(": ") || entry.to,
      metadata: { from: entry.from, actor: entry.actor.type },
    },
    tx,
  );
}
