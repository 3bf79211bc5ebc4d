// @ts-check
// When this process last saw the database away: written by lib/core/db/unavailable.ts (in the app's
// bundles) and read by scripts/next-server.mjs (outside them), through one slot on globalThis.

const UNAVAILABLE_AT = Symbol.for("pressdesk.db.unavailableAt");
/** How long after the last sign of an outage a page's 500 is taken for it. */
export const OUTAGE_FRESH_MS = 5000;
/** Seconds a client is asked to wait before it tries again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const slot = /** @type {Record<symbol, number | undefined>} */ (/** @type {unknown} */ (globalThis));

/** @param {number} now */
export function markDatabaseAway(now) {
  slot[UNAVAILABLE_AT] = now;
}

/** @param {number} [now] */
export function isDatabaseRecentlyAway(now = Date.now()) {
  return now - (slot[UNAVAILABLE_AT] ?? -Infinity) < OUTAGE_FRESH_MS;
}
