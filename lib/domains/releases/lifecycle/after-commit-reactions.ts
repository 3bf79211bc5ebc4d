import { db } from "@/lib/core/db/client";
import type { ReleaseLifecycleEvent } from "@/lib/generated/prisma/client";
import { errorSummary } from "@/lib/core/errors/error-summary";
import type { LifecycleEvent, LifecycleEventType, Reaction } from "./types";

// The reactions that run after a transition commits (mails, and what comes: outgoing webhooks).
// The runtime layer provides them (lib/runtime/release-reactions.ts): the release domain records
// what happened and knows nothing of who listens. Each reaction runs in a transaction of its own
// that also records its delivery, under the event's row lock, so two runners (the one right after
// the commit and the sweep) never both do it.

const REGISTRY = Symbol.for("pressdesk.lifecycleReactions");
const registry = globalThis as unknown as { [REGISTRY]?: readonly Reaction[] | null };

/** Called once per process by the runtime layer; a process without it (or after `null`) leaves events to the sweep of one that has it. */
export function provideAfterCommitReactions(reactions: readonly Reaction[] | null): void {
  registry[REGISTRY] = reactions;
}

/** The reactions of this process, or null when none were provided here. */
export function afterCommitReactions(): readonly Reaction[] | null {
  return registry[REGISTRY] ?? null;
}

const eventOf = (row: ReleaseLifecycleEvent): LifecycleEvent => ({
  id: row.id,
  releaseId: row.pressReleaseId,
  type: row.type,
  from: row.fromStatus,
  to: row.toStatus,
  actor: { type: row.actorType, userId: row.actorUserId },
  data: (row.data ?? {}) as Record<string, unknown>,
  occurredAt: row.occurredAt,
});

/** Waits after the n-th failed attempt: 30 s, 1, 2, 4 … minutes, at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 3600_000);
}

export const listenersOf = (type: LifecycleEventType, reactions: readonly Reaction[]) => reactions.filter((r) => r.on.includes(type));

/**
 * Runs every reaction of one event that has not run yet; settles the event when all have. A
 * reaction that fails is tried again by the sweep after retryDelayMs. Returns false when
 * another runner holds the event or a reaction failed.
 */
export async function deliverLifecycleEvent(eventId: number, reactions: readonly Reaction[], now = new Date()): Promise<boolean> {
  let allDone = true;
  for (const reaction of listenersOf(
    (await db.releaseLifecycleEvent.findUniqueOrThrow({ where: { id: eventId }, select: { type: true } })).type,
    reactions,
  )) {
    try {
      const ran = await db.$transaction(async (tx) => {
        const locked = await tx.$queryRaw<
          { id: number }[]
        >`SELECT id FROM release_lifecycle_events WHERE id = ${eventId} FOR UPDATE SKIP LOCKED`;
        if (!locked.length) return "busy" as const;
        const row = await tx.releaseLifecycleEvent.findUniqueOrThrow({ where: { id: eventId } });
        if (row.settledAt || (await tx.lifecycleEventDelivery.count({ where: { eventId, subscriber: reaction.name } })))
          return "done" as const;
        await reaction.handle(tx, eventOf(row));
        await tx.lifecycleEventDelivery.create({ data: { eventId, subscriber: reaction.name, deliveredAt: now } });
        return "done" as const;
      });
      if (ran === "busy") return false;
    } catch (err) {
      allDone = false;
      const failed = await db.releaseLifecycleEvent.update({
        where: { id: eventId },
        data: { attempts: { increment: 1 }, lastError: `${reaction.name}: ${errorSummary(err)}`.slice(0, 500) },
        select: { attempts: true },
      });
      await db.releaseLifecycleEvent.update({
        where: { id: eventId },
        data: { nextAttemptAt: new Date(now.getTime() + retryDelayMs(failed.attempts)) },
      });
      console.error(`lifecycle event ${eventId}: reaction ${reaction.name} failed:`, errorSummary(err));
    }
  }
  if (allDone)
    await db.releaseLifecycleEvent.updateMany({ where: { id: eventId, settledAt: null }, data: { settledAt: now, lastError: null } });
  return allDone;
}

/** The sweep: events whose reactions a crash or a failure left undone, oldest first. */
export async function deliverDueLifecycleEvents(
  reactions: readonly Reaction[],
  opts: { now?: Date; limit?: number; graceMs?: number } = {},
): Promise<{ delivered: number; failed: number }> {
  const now = opts.now ?? new Date();
  // The runner right after the commit gets a head start, so the sweep does not race it.
  const before = new Date(now.getTime() - (opts.graceMs ?? 10_000));
  const due = await db.releaseLifecycleEvent.findMany({
    where: { settledAt: null, nextAttemptAt: { lte: now }, occurredAt: { lte: before } },
    orderBy: { id: "asc" },
    take: opts.limit ?? 200,
    select: { id: true },
  });
  let delivered = 0;
  for (const { id } of due) if (await deliverLifecycleEvent(id, reactions, now)) delivered++;
  return { delivered, failed: due.length - delivered };
}
