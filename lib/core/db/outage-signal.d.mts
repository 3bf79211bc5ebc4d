export const OUTAGE_FRESH_MS: number;
export const DATABASE_RETRY_AFTER_SECONDS: number;
export function markDatabaseAway(now: number): void;
export function isDatabaseRecentlyAway(now?: number): boolean;
