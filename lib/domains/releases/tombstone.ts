import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { inTransaction, type Tx } from "@/lib/core/db/client";
import { AppError, notFound } from "@/lib/core/errors/errors";
import type { Actor } from "./history";
import { recordLifecycleEvent } from "./lifecycle/record-lifecycle-event";
import { lockRelease } from "./lock";
import { bumpPublicCacheGeneration } from "./public-cache";

// Tombstones (spec 3.1): a gone release or newsroom answers 410. While gone_at is set the
// release's no_export and the newsroom's is_active are overwritten; the prior values are saved
// and come back on unmark.

/** `byNewsroom`: part of the newsroom's tombstone, which drops the public caches once for all its releases. */
async function markReleaseGoneLocked(
  tx: Tx,
  releaseId: number,
  goneAt: Date,
  actor: Actor,
  reason: string | undefined,
  byNewsroom: boolean,
): Promise<boolean> {
  const release = await lockRelease(tx, releaseId);
  if (release.goneAt) return false;
  await tx.pressRelease.update({ where: { id: release.id }, data: { goneAt, savedNoExport: release.noExport, noExport: true } });
  await recordLifecycleEvent(tx, {
    releaseId: release.id,
    type: "tombstoned",
    from: release.status,
    to: release.status,
    actor,
    outcome: "gone",
    reason,
    data: { byNewsroom },
    now: goneAt,
  });
  return true;
}

async function unmarkReleaseLocked(
  tx: Tx,
  releaseId: number,
  actor: Actor,
  now: Date,
  reason: string | undefined,
  byNewsroom: boolean,
): Promise<boolean> {
  const release = await lockRelease(tx, releaseId);
  if (!release.goneAt) return false;
  await tx.pressRelease.update({
    where: { id: release.id },
    data: { goneAt: null, noExport: release.savedNoExport ?? false, savedNoExport: null },
  });
  await recordLifecycleEvent(tx, {
    releaseId: release.id,
    type: "untombstoned",
    from: release.status,
    to: release.status,
    actor,
    outcome: "unmarked",
    reason,
    data: { byNewsroom },
    now,
  });
  return true;
}

/** Options of the four tombstone moves; `reason` goes into the history (an admin's decision). */
interface TombstoneOptions {
  actor: Actor;
  reason?: string;
  now?: Date;
}

export async function markReleaseGone(opts: TombstoneOptions & { releaseId: number }, client?: Tx): Promise<void> {
  const now = opts.now ?? new Date();
  await inTransaction(client, async (tx) => {
    const changed = await markReleaseGoneLocked(tx, opts.releaseId, now, opts.actor, opts.reason, false);
    if (!changed) throw new AppError("conflict", "This release is already tombstoned.");
  });
}

/** Back to the previous public state: the status never changed, the saved no_export returns. */
export async function unmarkReleaseGone(opts: TombstoneOptions & { releaseId: number }, client?: Tx): Promise<void> {
  const now = opts.now ?? new Date();
  await inTransaction(client, async (tx) => {
    const changed = await unmarkReleaseLocked(tx, opts.releaseId, opts.actor, now, opts.reason, false);
    if (!changed) throw new AppError("conflict", "This release is not tombstoned.");
  });
}

async function lockCompany(tx: Tx, companyId: number) {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM companies WHERE id = ${companyId} AND deleted_at IS NULL FOR UPDATE`;
  if (!rows.length) throw notFound("Newsroom not found.");
  return tx.company.findUniqueOrThrow({ where: { id: companyId } });
}

/**
 * A gone newsroom takes its releases with it. Releases it tombstones carry the newsroom's
 * gone_at exactly, so unmark restores those and leaves releases that were gone before alone.
 * The cache is dropped once, at the end.
 */
export async function markCompanyGone(opts: TombstoneOptions & { companyId: number }, client?: Tx): Promise<{ releases: number }> {
  const now = opts.now ?? new Date();
  return inTransaction(client, async (tx) => {
    const company = await lockCompany(tx, opts.companyId);
    if (company.goneAt) throw new AppError("conflict", "This newsroom is already tombstoned.");
    await tx.company.update({ where: { id: company.id }, data: { goneAt: now, savedIsActive: company.isActive, isActive: false } });
    const releases = await tx.pressRelease.findMany({
      where: { companyId: company.id, goneAt: null, deletedAt: null },
      select: { id: true },
      orderBy: { id: "asc" },
    });
    for (const r of releases) await markReleaseGoneLocked(tx, r.id, now, opts.actor, opts.reason, true);
    await recordActivity(
      {
        actorUserId: opts.actor.userId ?? null,
        type: ACTIVITY.companyGone,
        subjectType: "company",
        subjectId: company.id,
        ...(opts.reason ? { reason: opts.reason } : {}),
        metadata: { releases: releases.length },
      },
      tx,
    );
    await bumpPublicCacheGeneration(tx);
    return { releases: releases.length };
  });
}

export async function unmarkCompanyGone(opts: TombstoneOptions & { companyId: number }, client?: Tx): Promise<{ releases: number }> {
  const now = opts.now ?? new Date();
  return inTransaction(client, async (tx) => {
    const company = await lockCompany(tx, opts.companyId);
    if (!company.goneAt) throw new AppError("conflict", "This newsroom is not tombstoned.");
    await tx.company.update({
      where: { id: company.id },
      data: { goneAt: null, isActive: company.savedIsActive ?? true, savedIsActive: null },
    });
    const releases = await tx.pressRelease.findMany({
      where: { companyId: company.id, goneAt: company.goneAt, deletedAt: null },
      select: { id: true },
      orderBy: { id: "asc" },
    });
    for (const r of releases) await unmarkReleaseLocked(tx, r.id, opts.actor, now, opts.reason, true);
    await recordActivity(
      {
        actorUserId: opts.actor.userId ?? null,
        type: ACTIVITY.companyUnmarked,
        subjectType: "company",
        subjectId: company.id,
        ...(opts.reason ? { reason: opts.reason } : {}),
        metadata: { releases: releases.length },
      },
      tx,
    );
    await bumpPublicCacheGeneration(tx);
    return { releases: releases.length };
  });
}
