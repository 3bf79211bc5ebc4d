import { getCacheStore } from "@/lib/core/cache/store";

// Spec 2.1/5.8: sessions older than users.sessions_revoked_at_ms are invalid. Before the column
// existed the marker lived in the cache store; during the transition it still counts, so a
// sign-out-everywhere written there before the switch is not lost.
const legacyMarkerKey = (userId: number) => `sessions-revoked-at:${userId}`;

export async function legacyRevocationMarker(userId: number): Promise<number | null> {
  const raw = await getCacheStore().get(legacyMarkerKey(userId));
  const ms = raw === null ? NaN : Number(raw);
  return Number.isFinite(ms) ? ms : null;
}

/** Only for tests and the migration window's console tooling: writes the old marker. */
export async function writeLegacyRevocationMarker(userId: number, ms: number, ttlSeconds = 30 * 24 * 3600): Promise<void> {
  await getCacheStore().set(legacyMarkerKey(userId), String(ms), ttlSeconds);
}

/** EnsureSessionIsNotRevoked: a session created before either marker is void (spec: "older than"). */
export function isSessionRevoked(sessionCreatedAt: Date, revokedAtMs: bigint | null, legacyMarkerMs: number | null): boolean {
  const created = sessionCreatedAt.getTime();
  if (revokedAtMs !== null && BigInt(created) < revokedAtMs) return true;
  return legacyMarkerMs !== null && created < legacyMarkerMs;
}
