import { db, type Tx } from "@/lib/core/db/client";
import type { ReleaseStatus } from "@/lib/generated/prisma/client";
import { AppError, forbidden } from "@/lib/core/errors/errors";
import type { Actor } from "./history";
import { recordLifecycleEvent } from "./lifecycle/record-lifecycle-event";
import type { LifecycleEventType } from "./lifecycle/types";
import { lockRelease } from "./lock";
import { assertActorMay } from "./actor-rights";

interface Move {
  from: readonly ReleaseStatus[];
  to: ReleaseStatus;
  /** Who may make it: the newsroom, or an admin (editorial or legal decision). */
  by: "newsroom" | "admin";
  /** The lifecycle event it records; its reactions drop the cached pages of a public change. */
  event: LifecycleEventType;
}

/** The moves not driven by review or publish(); docs/release-lifecycle.md has the whole table. */
export const MOVES = {
  withdraw: { from: ["in_review", "scheduled"], to: "draft", by: "newsroom", event: "withdrawn" },
  archive: { from: ["published"], to: "archived", by: "newsroom", event: "archived" },
  unarchive: { from: ["archived"], to: "published", by: "newsroom", event: "unarchived" },
  depublish: { from: ["published", "archived"], to: "depublished", by: "admin", event: "depublished" },
  republish: { from: ["depublished"], to: "published", by: "admin", event: "republished" },
} as const satisfies Record<string, Move>;

export type MoveName = keyof typeof MOVES;

/** What a withdrawal resets: a release submitted again later gets a fresh check (or a fresh approval). */
export const WITHDRAW_RESET = { reviewFlaggedAt: null, manualQueueAt: null, approvedReviewFingerprint: null } as const;

/**
 * One named move in one transaction with its history and activity entries: the caller's when
 * given (an admin action authorizes in it first), else its own.
 */
export async function moveRelease(opts: { releaseId: number; move: MoveName; actor: Actor; reason?: string; now?: Date }, client?: Tx) {
  const now = opts.now ?? new Date();
  const move: Move = MOVES[opts.move];
  const run = async (tx: Tx) => {
    const release = await lockRelease(tx, opts.releaseId);
    if (opts.actor.type === "user" && move.by !== "newsroom") throw forbidden(`"${opts.move}" is an editorial decision of the service.`);
    await assertActorMay(tx, opts.actor, release, opts.move === "withdraw" ? "withdraw" : "archive");
    if (!move.from.includes(release.status)) {
      throw new AppError("conflict", `A release in status ${release.status} cannot be moved by "${opts.move}".`);
    }
    if (release.goneAt) throw new AppError("conflict", "A tombstoned release is unmarked before it moves.");
    const updated = await tx.pressRelease.update({
      where: { id: release.id },
      data: { status: move.to, ...(opts.move === "withdraw" ? WITHDRAW_RESET : {}) },
    });
    await recordLifecycleEvent(tx, {
      releaseId: release.id,
      type: move.event,
      from: release.status,
      to: move.to,
      actor: opts.actor,
      outcome: opts.move,
      reason: opts.reason,
      now,
    });
    return updated;
  };
  return client ? run(client) : db.$transaction(run);
}

export const withdrawRelease = (o: Omit<Parameters<typeof moveRelease>[0], "move">) => moveRelease({ ...o, move: "withdraw" });
export const archiveRelease = (o: Omit<Parameters<typeof moveRelease>[0], "move">) => moveRelease({ ...o, move: "archive" });
export const unarchiveRelease = (o: Omit<Parameters<typeof moveRelease>[0], "move">) => moveRelease({ ...o, move: "unarchive" });
export const depublishRelease = (o: Omit<Parameters<typeof moveRelease>[0], "move">) => moveRelease({ ...o, move: "depublish" });
export const republishRelease = (o: Omit<Parameters<typeof moveRelease>[0], "move">) => moveRelease({ ...o, move: "republish" });
