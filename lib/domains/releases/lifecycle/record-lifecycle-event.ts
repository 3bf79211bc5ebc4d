import { afterCommit } from "@/lib/core/db/after-commit";
import type { Tx } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordHistory } from "../history";
import { afterCommitReactions, deliverLifecycleEvent, listenersOf } from "./after-commit-reactions";
import { PART_OF_THE_CHANGE } from "./part-of-the-change";
import type { LifecycleEvent, LifecycleEventInput } from "./types";

/**
 * Records what happened to a release in the transition's transaction: its history row (unless
 * `history: false`), the lifecycle event (the outbox row) and the reactions that are part of
 * the change (search mirror, public caches). The reactions after the commit run once it
 * commits, before the transaction returns; what they leave undone, the sweep does
 * (lib/runtime/release-reactions.ts). Transitions call this and nothing else to be heard.
 */
export async function recordLifecycleEvent(tx: Tx, input: LifecycleEventInput): Promise<LifecycleEvent> {
  const now = input.now ?? new Date();
  if (input.history !== false) {
    await recordHistory(tx, {
      pressReleaseId: input.releaseId,
      from: input.from,
      to: input.to,
      actor: input.actor,
      ...(input.outcome ? { outcome: input.outcome } : {}),
      ...(input.reason ? { reason: input.reason } : {}),
      ...(input.comment ? { comment: input.comment } : {}),
    });
  }
  const reactions = afterCommitReactions();
  // Without listeners in a process that knows them all, the event is settled as it is written.
  const settled = reactions !== null && listenersOf(input.type, reactions).length === 0;
  const row = await tx.releaseLifecycleEvent.create({
    data: {
      pressReleaseId: input.releaseId,
      type: input.type,
      fromStatus: input.from,
      toStatus: input.to,
      actorType: input.actor.type,
      actorUserId: input.actor.userId ?? null,
      data: (input.data ?? {}) as Prisma.InputJsonValue,
      occurredAt: now,
      settledAt: settled ? now : null,
    },
  });
  const event: LifecycleEvent = {
    id: row.id,
    releaseId: input.releaseId,
    type: input.type,
    from: input.from,
    to: input.to,
    actor: input.actor,
    data: input.data ?? {},
    occurredAt: now,
  };
  for (const reaction of PART_OF_THE_CHANGE) if (reaction.on.includes(input.type)) await reaction.handle(tx, event);
  if (reactions && !settled) await afterCommit(tx, () => deliverLifecycleEvent(row.id, reactions));
  return event;
}
