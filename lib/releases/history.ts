import type { DbOrTx } from "@/lib/db/client";
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

/** One history row per status change or business outcome; written in the change's transaction. */
export async function recordHistory(
  tx: DbOrTx,
  entry: { pressReleaseId: number; from: ReleaseStatus | null; to: ReleaseStatus; actor: Actor; outcome?: string; reason?: string; comment?: string },
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
}
