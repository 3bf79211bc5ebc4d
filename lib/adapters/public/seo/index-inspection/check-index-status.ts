import { getCacheStore } from "@/lib/core/cache/store";
import { getConfig } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import type { IndexState } from "@/lib/generated/prisma/client";
import { publiclyVisibleReleaseWhere } from "@/lib/domains/releases/visibility";
import { getSiteHosts, PORTALS, releaseUrl, type Portal } from "@/lib/domains/sites";
import { indexInspector } from "./inspector";
import { InspectionStopError, type IndexInspector, type InspectionResult, type InspectionTarget } from "./types";

const LOCK_KEY = "lock:check-index-status";
/** Longer than a run of 2 × 2,000 inspections takes; a crashed run's lock expires by then. */
const LOCK_TTL_MS = 3 * 60 * 60_000;
const SCAN_BATCH = 500;

export interface PortalRun {
  portal: Portal;
  /** The day's quota left when the run started. */
  quotaLeft: number;
  /** Releases picked, in the order they were (or, on a dry run, would be) inspected. */
  picked: { releaseId: number; url: string; lastCheckedAt: Date | null }[];
  states: Record<IndexState, number>;
}

export type CheckIndexStatusResult =
  | { outcome: "done" | "dry_run"; inspector: string; portals: PortalRun[] }
  | { outcome: "locked" }
  | { outcome: "stopped"; inspector: string; portals: PortalRun[]; reason: "auth" | "quota"; message: string };

const emptyStates = (): Record<IndexState, number> => ({ indexed: 0, crawled_not_indexed: 0, not_crawled: 0, excluded: 0, error: 0 });

/** Checks already recorded today (Europe/Berlin) for this portal by this inspector: they count against the day's quota. */
async function checksToday(portal: Portal, inspector: string, now: Date): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM press_release_index_checks c JOIN press_releases r ON r.id = c.press_release_id
    WHERE r.portal = ${portal}::"Portal" AND c.inspector = ${inspector}
      AND c.checked_at >= (date_trunc('day', ${now}::timestamptz AT TIME ZONE 'Europe/Berlin') AT TIME ZONE 'Europe/Berlin')`;
  return row?.n ?? 0;
}

const RELEASE_FIELDS = { id: true, portal: true, language: true, slug: true, publishedAt: true } as const;
type Candidate = { id: number; portal: Portal; language: "de" | "en"; slug: string; publishedAt: Date | null; lastCheckedAt: Date | null };

/**
 * Publicly deliverable releases of one portal (the one visibility rule decides), never-checked
 * first (oldest publication first), then by their latest check, oldest first.
 */
export async function pickReleasesToCheck(portal: Portal, limit: number, now: Date): Promise<Candidate[]> {
  if (limit <= 0) return [];
  const visible = publiclyVisibleReleaseWhere(now);
  const never = await db.pressRelease.findMany({
    where: { ...visible, portal, indexChecks: { none: {} } },
    orderBy: [{ publishedAt: "asc" }, { id: "asc" }],
    take: limit,
    select: RELEASE_FIELDS,
  });
  const picked: Candidate[] = never.map((r) => ({ ...r, lastCheckedAt: null }));
  // Checked ones in the order of their latest check; the status filter only narrows the scan,
  // the visibility rule above decides each batch.
  let after = { at: new Date(0), id: 0 };
  while (picked.length < limit) {
    const batch = await db.$queryRaw<{ id: number; last: Date }[]>`
      SELECT c.press_release_id AS id, max(c.checked_at) AS last
      FROM press_release_index_checks c JOIN press_releases r ON r.id = c.press_release_id
      WHERE r.portal = ${portal}::"Portal" AND r.status = 'published' AND r.deleted_at IS NULL
      GROUP BY c.press_release_id
      HAVING (max(c.checked_at), c.press_release_id) > (${after.at}::timestamptz, ${after.id}::int)
      ORDER BY last, id LIMIT ${SCAN_BATCH}`;
    if (!batch.length) break;
    const rows = await db.pressRelease.findMany({
      where: { ...visible, portal, id: { in: batch.map((b) => b.id) } },
      select: RELEASE_FIELDS,
    });
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const b of batch) {
      const r = byId.get(b.id);
      if (r && picked.length < limit) picked.push({ ...r, lastCheckedAt: b.last });
    }
    const last = batch.at(-1)!;
    after = { at: last.last, id: last.id };
  }
  return picked;
}

async function inspectOne(inspector: IndexInspector, target: InspectionTarget): Promise<InspectionResult> {
  try {
    return await inspector.inspect(target);
  } catch (err) {
    if (err instanceof InspectionStopError) throw err;
    // One address failed (a 500, a timeout): recorded as such, the run goes on.
    return {
      state: "error",
      answer: { source: inspector.name, error: err instanceof Error ? err.message.slice(0, 300) : "inspection failed" },
    };
  }
}

/**
 * press-releases:check-index-status (spec 2.3, 4.7): per portal, up to the day's quota of
 * published releases is inspected, never-checked and longest-unchecked first; each answer is one
 * press_release_index_checks snapshot. One run at a time (a lock). A refused credential or a
 * spent API quota stops the run (the caller exits 1); any other failure is that release's
 * `error` snapshot.
 */
export async function checkIndexStatus(
  opts: { portal?: Portal; quota?: number; dryRun?: boolean; now?: Date; inspector?: IndexInspector } = {},
): Promise<CheckIndexStatusResult> {
  const now = opts.now ?? new Date();
  const inspector = opts.inspector ?? indexInspector();
  const store = getCacheStore();
  const token = opts.dryRun ? null : await store.acquireLock(LOCK_KEY, LOCK_TTL_MS, { acrossInstances: true });
  if (!opts.dryRun && !token) return { outcome: "locked" };
  const portals: PortalRun[] = [];
  const hosts = getSiteHosts();
  try {
    for (const portal of opts.portal ? [opts.portal] : PORTALS) {
      const quota = opts.quota ?? getConfig().seo.indexCheckQuotaPerPortal;
      const quotaLeft = Math.max(0, quota - (await checksToday(portal, inspector.name, now)));
      const candidates = await pickReleasesToCheck(portal, quotaLeft, now);
      const run: PortalRun = { portal, quotaLeft, picked: [], states: emptyStates() };
      portals.push(run);
      for (const r of candidates) {
        const url = releaseUrl(r, hosts);
        run.picked.push({ releaseId: r.id, url, lastCheckedAt: r.lastCheckedAt });
        if (opts.dryRun) continue;
        let result: InspectionResult;
        try {
          result = await inspectOne(inspector, { releaseId: r.id, portal, url, publishedAt: r.publishedAt ?? now });
        } catch (err) {
          const stop = err as InspectionStopError;
          return { outcome: "stopped", inspector: inspector.name, portals, reason: stop.reason, message: stop.message };
        }
        await db.pressReleaseIndexCheck.create({
          data: { pressReleaseId: r.id, state: result.state, answer: { ...result.answer }, url, inspector: inspector.name, checkedAt: now },
        });
        run.states[result.state] += 1;
      }
    }
    return { outcome: opts.dryRun ? "dry_run" : "done", inspector: inspector.name, portals };
  } finally {
    if (token) await store.releaseLock(LOCK_KEY, token);
  }
}
