import type { Tx } from "@/lib/core/db/client";
import type { LifecycleEventType, ReleaseStatus } from "@/lib/generated/prisma/client";
import type { Actor } from "../history";

export type { LifecycleEventType };

/** What happened to a release, as a transition records it (docs/release-lifecycle.md "Lifecycle events"). */
export interface LifecycleEventInput {
  releaseId: number;
  type: LifecycleEventType;
  from: ReleaseStatus | null;
  to: ReleaseStatus;
  actor: Actor;
  /** The history row's words; `history: false` for an event the history does not list as a row of its own (a check). */
  outcome?: string | undefined;
  reason?: string | undefined;
  comment?: string | undefined;
  history?: boolean;
  /** What reactions need beyond the row (the check's reasons, a comment, a note). */
  data?: Record<string, unknown>;
  now?: Date;
}

/** An event as reactions receive it. */
export interface LifecycleEvent {
  id: number;
  releaseId: number;
  type: LifecycleEventType;
  from: ReleaseStatus | null;
  to: ReleaseStatus;
  actor: Actor;
  data: Record<string, unknown>;
  occurredAt: Date;
}

/**
 * A reaction to lifecycle events. `inTransaction` reactions are part of the change itself (the
 * search mirror, the public caches): they run in the transition's transaction. The others run
 * after the commit, each in a transaction of its own that also records its delivery, so a
 * retry never does its work twice.
 */
export interface Reaction {
  /** Stable: deliveries are recorded under it. */
  name: string;
  on: readonly LifecycleEventType[];
  handle(tx: Tx, event: LifecycleEvent): Promise<unknown>;
}
