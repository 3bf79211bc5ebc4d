import { getDisposableStore } from "@/lib/core/cache/store";

// WebAuthn challenges live between the options call and the verification in the disposable
// store: anyone can start a passkey sign-in, and losing a challenge only restarts a ceremony.

/** How long a started registration or sign-in stays valid. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

export interface StoredChallenge {
  challenge: string;
  /** Set when the ceremony is bound to one account (registration, admin confirmation). */
  userId?: number;
}

export async function storeChallenge(key: string, value: StoredChallenge): Promise<void> {
  await getDisposableStore().set(key, JSON.stringify(value), CHALLENGE_TTL_SECONDS);
}

/**
 * Returns the stored challenge once and removes it; null when missing, expired or already taken.
 * get + del is not atomic, so two racing verifications could both read it: the claim (SET NX on
 * a key named after the challenge) lets exactly one of them through.
 */
export async function takeChallenge(key: string): Promise<StoredChallenge | null> {
  const store = getDisposableStore();
  const raw = await store.get(key);
  if (!raw) return null;
  const value = parse(raw);
  if (!value) return null;
  const claim = await store.acquireLock(`${key}:taken:${value.challenge}`, CHALLENGE_TTL_SECONDS * 1000);
  if (!claim) return null;
  await store.del(key);
  return value;
}

function parse(raw: string): StoredChallenge | null {
  try {
    const v = JSON.parse(raw) as Partial<StoredChallenge>;
    if (typeof v.challenge !== "string" || !v.challenge) return null;
    return { challenge: v.challenge, ...(Number.isSafeInteger(v.userId) ? { userId: v.userId } : {}) };
  } catch {
    return null;
  }
}
