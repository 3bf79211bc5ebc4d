import { db } from "@/lib/core/db/client";
import { whenDatabaseUnavailable } from "@/lib/core/db/unavailable";
import { resetTombstoneIndex } from "@/lib/adapters/public/tombstone-index";
import { removalTimes, tagTimes } from "@/lib/core/cache/next-cache-handler.mjs";
import { PUBLIC_TAG } from "@/lib/domains/sites/public-tags";
import { errorSummary } from "@/lib/core/errors/error-summary";

const POLL_MS = 1_000;
/**
 * Rows are read by time, not by a last seen id: ids are drawn before commit, so a row with a
 * lower id can appear after a higher one. A transaction open longer than this window would be
 * missed; lock and statement timeouts keep ours far shorter.
 */
const WINDOW_MS = 5 * 60_000;
const RETAIN_MS = 2 * 24 * 60 * 60_000;

interface PollerState {
  seen: Map<bigint, number>;
  timer?: NodeJS.Timeout;
  lastPrune: number;
}

const STATE = Symbol.for("pressdesk.cache.poller");
const g = globalThis as unknown as Record<symbol, PollerState | undefined>;
const pollerState = (): PollerState => (g[STATE] ??= { seen: new Map(), lastPrune: 0 });

function applyTags(tags: string[], additive: boolean, at: number): void {
  for (const tag of tags) {
    tagTimes().set(tag, Math.max(tagTimes().get(tag) ?? 0, at));
    if (!additive) removalTimes().set(tag, Math.max(removalTimes().get(tag) ?? 0, at));
  }
}

/** Applies committed invalidations not applied yet; returns how many tags it applied. */
export async function applyCommittedInvalidations(now = Date.now()): Promise<number> {
  const state = pollerState();
  const rows = await db.publicCacheInvalidation.findMany({
    where: { createdAt: { gte: new Date(now - WINDOW_MS) } },
    orderBy: { id: "asc" },
  });
  let applied = 0;
  let dropAll = false;
  for (const row of rows) {
    if (state.seen.has(row.id)) continue;
    state.seen.set(row.id, row.createdAt.getTime());
    // Entries written up to now may hold what the committed change replaced.
    applyTags(row.tags, row.additive, now);
    applied += row.tags.length;
    if (row.tags.includes(PUBLIC_TAG)) dropAll = true;
  }
  for (const [id, at] of state.seen) if (at < now - WINDOW_MS) state.seen.delete(id);
  if (dropAll) resetTombstoneIndex();
  if (now - state.lastPrune > 60 * 60_000) {
    state.lastPrune = now;
    await db.publicCacheInvalidation.deleteMany({ where: { createdAt: { lt: new Date(now - RETAIN_MS) } } });
  }
  return applied;
}

/**
 * Starts polling in a server process. Rows already in the window when the process starts count
 * as seen: nothing this process could have cached predates them.
 */
export async function startInvalidationPoller(): Promise<void> {
  const state = pollerState();
  if (state.timer) return;
  const existing = await db.publicCacheInvalidation.findMany({
    where: { createdAt: { gte: new Date(Date.now() - WINDOW_MS) } },
    select: { id: true, createdAt: true, tags: true, additive: true },
  });
  for (const row of existing) {
    state.seen.set(row.id, row.createdAt.getTime());
    // Other instances may have kept bytes in the shared store before these rows: they count from
    // the row's time, so such bytes are not served (nor later served stale) as if still current.
    applyTags(row.tags, row.additive, row.createdAt.getTime());
  }
  markPublicCacheActive();
  const tick = () =>
    applyCommittedInvalidations().catch((err) => {
      // While the database is away nothing can be invalidated; its outage is logged once, not every second.
      if (!whenDatabaseUnavailable(err)) console.warn("cache: invalidations not read:", errorSummary(err));
    });
  state.timer = setInterval(tick, POLL_MS);
  state.timer.unref();
}

const ACTIVE = Symbol.for("pressdesk.cache.active");

/** Set in a server process once invalidations are followed; only then are answers cached. */
export function markPublicCacheActive(): void {
  (globalThis as unknown as Record<symbol, boolean>)[ACTIVE] = true;
}

export function isPublicCacheActive(): boolean {
  return (globalThis as unknown as Record<symbol, boolean>)[ACTIVE] === true;
}
