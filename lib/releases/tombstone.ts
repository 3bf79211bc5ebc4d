import { recordActivity } from "@/lib/activity/record-activity";
import { db, type Tx } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";
import { recordHistory, type Actor } from "./history";
import { lockRelease } from "./lock";
import { bumpPublicCacheGeneration } from "./public-cache";
import { syncSearchMirror } from "./search-mirror";

// Tombstones (spec 3.1): a gone release or newsroom answers 410. While gone_at is set the
// release's no_export and the newsroom's is_active are overwritten; the prior values are saved
// and come back on unmark.

async function markReleaseGoneLocked(tx: Tx, releaseId: number, goneAt: Date, actor: Actor): Promise<boolean> {
  const release = await lockRelease(tx, releaseId);
  if (release.goneAt) return false;
  await tx.pressRelease.update({ where: { id: release.id }, data: { goneAt, savedNoExport: release.noExport, noExport: true } });
  await recordHistory(tx, { pressReleaseId: release.id, from: release.status, to: release.status, actor, outcome: "gone" });
  await syncSearchMirror(tx, release.id, goneAt);
  return true;
}

async function unmarkReleaseLocked(tx: Tx, releaseId: number, actor: Actor, now: Date): Promise<boolean> {
  const release = await lockRelease(tx, releaseId);
  if (!release.goneAt) return false;
  await tx.pressRelease.update({ where: { id: release.id }, data: { goneAt: null, noExport: release.savedNoExport ?? false, savedNoExport: null } });
  await recordHistory(tx, { pressReleaseId: release.id, from: release.status, to: release.status, actor, outcome: "unmarked" });
  await syncSearchMirror(tx, release.id, now);
  return true;
}

export async function markReleaseGone(opts: { releaseId: number; actor: Actor; now?: Date }): Promise<void> {
  const now = opts.now ?? new Date();
  await db.$transaction(async (tx) => {
    const changed = await markReleaseGoneLocked(tx, opts.releaseId, now, opts.actor);
    if (!changed) throw new AppError("conflict", "This release is already tombstoned.");
    await bumpPublicCacheGeneration(tx);
  });
}

/** Back to the previous public state: the status never changed, the saved no_export returns. */
export async function unmarkReleaseGone(opts: { releaseId: number; actor: Actor; now?: Date }): Promise<void> {
  const now = opts.now ?? new Date();
  await db.$transaction(async (tx) => {
    const changed = await unmarkReleaseLocked(tx, opts.releaseId, opts.actor, now);
    if (!changed) throw new AppError("conflict", "This release is not tombstoned.");
    await bumpPublicCacheGeneration(tx);
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
export async function markCompanyGone(opts: { companyId: number; actor: Actor; now?: Date }): Promise<{ releases: number }> {
  const now = opts.now ?? new Date();
  return db.$transaction(async (tx) => {
    const company = await lockCompany(tx, opts.companyId);
    if (company.goneAt) throw new AppError("conflict", "This newsroom is already tombstoned.");
    await tx.company.update({ where: { id: company.id }, data: { goneAt: now, savedIsActive: company.isActive, isActive: false } });
    const releases = await tx.pressRelease.findMany({ where: { companyId: company.id, goneAt: null, deletedAt: null }, select: { id: true }, orderBy: { id: "asc" } });
    for (const r of releases) await markReleaseGoneLocked(tx, r.id, now, opts.actor);
    await recordActivity({ actorUserId: opts.actor.userId ?? null, type: "company.gone", subjectType: "company", subjectId: company.id, metadata: { releases: releases.length } }, tx);
    await bumpPublicCacheGeneration(tx);
    return { releases: releases.length };
  });
}

export async function unmarkCompanyGone(opts: { companyId: number; actor: Actor; now?: Date }): Promise<{ releases: number }> {
  const now = opts.now ?? new Date();
  return db.$transaction(async (tx) => {
    const company = await lockCompany(tx, opts.companyId);
    if (!company.goneAt) throw new AppError("conflict", "This newsroom is not tombstoned.");
    await tx.company.update({ where: { id: company.id }, data: { goneAt: null, isActive: company.savedIsActive ?? true, savedIsActive: null } });
    const releases = await tx.pressRelease.findMany({ where: { companyId: company.id, goneAt: company.goneAt, deletedAt: null }, select: { id: true }, orderBy: { id: "asc" } });
    for (const r of releases) await unmarkReleaseLocked(tx, r.id, opts.actor, now);
    await recordActivity({ actorUserId: opts.actor.userId ?? null, type: "company.unmarked", subjectType: "company", subjectId: company.id, metadata: { releases: releases.length } }, tx);
    await bumpPublicCacheGeneration(tx);
    return { releases: releases.length };
  });
}
