import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { inTransaction, type Tx } from "@/lib/core/db/client";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { Prisma, type PressRelease } from "@/lib/generated/prisma/client";
import type { Actor } from "./history";
import { recordLifecycleEvent } from "./lifecycle/record-lifecycle-event";
import { lockRelease } from "./lock";
import { bumpPublicCacheGeneration } from "./public-cache";

// Tombstones (spec 3.1): a gone release or newsroom answers 410. While gone_at is set the
// release's no_export and the newsroom's is_active are overwritten; the prior values are saved
// and come back on unmark.

/** Releases locked per statement. */
const LOCK_SLICE = 1_000;

/**
 * The not deleted releases of a newsroom that match `where`, their rows locked in id order: the
 * order every command that moves all of a newsroom's releases takes, after the newsroom's own
 * row lock (the caller holds it). A release deleted before its lock came is left out. The
 * newsroom's tombstone and its reversal, its deletion and its restore (lib/domains/companies)
 * go through here.
 */
export async function lockReleasesOfNewsroom(tx: Tx, companyId: number, where: Prisma.PressReleaseWhereInput): Promise<PressRelease[]> {
  const candidates = await tx.pressRelease.findMany({
    where: { ...where, companyId, deletedAt: null },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  const locked: PressRelease[] = [];
  // A slice of ids at a time, each locked in id order by one statement (its rows are locked as they come, sorted).
  for (let i = 0; i < candidates.length; i += LOCK_SLICE) {
    const ids = candidates.slice(i, i + LOCK_SLICE).map((r) => r.id);
    const rows = await tx.$queryRaw<{ id: number }[]>`
      SELECT id FROM press_releases WHERE id IN (${Prisma.join(ids)}) AND deleted_at IS NULL ORDER BY id FOR UPDATE`;
    if (rows.length)
      locked.push(...(await tx.pressRelease.findMany({ where: { id: { in: rows.map((r) => r.id) } }, orderBy: { id: "asc" } })));
  }
  return locked;
}

/** `byNewsroom`: part of the newsroom's tombstone, which drops the public caches once for all its releases. */
async function markReleaseGoneLocked(
  tx: Tx,
  release: PressRelease,
  goneAt: Date,
  actor: Actor,
  reason: string | undefined,
  byNewsroom: boolean,
): Promise<boolean> {
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
  release: PressRelease,
  actor: Actor,
  now: Date,
  reason: string | undefined,
  byNewsroom: boolean,
): Promise<boolean> {
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
    const changed = await markReleaseGoneLocked(tx, await lockRelease(tx, opts.releaseId), now, opts.actor, opts.reason, false);
    if (!changed) throw new AppError("conflict", "This release is already tombstoned.");
  });
}

/** Back to the previous public state: the status never changed, the saved no_export returns. */
export async function unmarkReleaseGone(opts: TombstoneOptions & { releaseId: number }, client?: Tx): Promise<void> {
  const now = opts.now ?? new Date();
  await inTransaction(client, async (tx) => {
    const changed = await unmarkReleaseLocked(tx, await lockRelease(tx, opts.releaseId), opts.actor, now, opts.reason, false);
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
    const locked = await lockReleasesOfNewsroom(tx, company.id, { goneAt: null });
    for (const r of locked) await markReleaseGoneLocked(tx, r, now, opts.actor, opts.reason, true);
    const releases = locked.length;
    await recordActivity(
      {
        actorUserId: opts.actor.userId ?? null,
        type: ACTIVITY.companyGone,
        subjectType: "company",
        subjectId: company.id,
        ...(opts.reason ? { reason: opts.reason } : {}),
        metadata: { releases },
      },
      tx,
    );
    await bumpPublicCacheGeneration(tx);
    return { releases };
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
    const locked = await lockReleasesOfNewsroom(tx, company.id, { goneAt: company.goneAt });
    for (const r of locked) await unmarkReleaseLocked(tx, r, opts.actor, now, opts.reason, true);
    const releases = locked.length;
    await recordActivity(
      {
        actorUserId: opts.actor.userId ?? null,
        type: ACTIVITY.companyUnmarked,
        subjectType: "company",
        subjectId: company.id,
        ...(opts.reason ? { reason: opts.reason } : {}),
        metadata: { releases },
      },
      tx,
    );
    await bumpPublicCacheGeneration(tx);
    return { releases };
  });
}
