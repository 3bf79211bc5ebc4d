import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { passkeyAuthenticationOptionsForUser } from "@/lib/domains/accounts/passkeys/authentication-options";
import { CHALLENGE_TTL_SECONDS } from "@/lib/domains/accounts/passkeys/challenges";
import { verifyPasskeyAuthentication } from "@/lib/domains/accounts/passkeys/verify-authentication";
import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { getCacheStore } from "@/lib/core/cache/store";
import { AppError } from "@/lib/core/errors/errors";

// The passkeys module files a per-user challenge under a random handle. The proof API carries
// no handle (the session knows the user), so the handle is kept server-side under the user's
// key; a newer request replaces it, as with the registration challenge.

export const passkeyProofHandleKey = (userId: number) => `identity-proof:passkey-handle:${userId}`;

/** Options for navigator.credentials.get() offering only this user's passkeys; not in an impersonation session (`acting`). */
export async function passkeyProofOptions(userId: number, opts: { acting?: Acting } = {}): Promise<PublicKeyCredentialRequestOptionsJSON> {
  assertNotImpersonating(opts.acting, "security");
  const { handle, options } = await passkeyAuthenticationOptionsForUser(userId);
  await getCacheStore().set(passkeyProofHandleKey(userId), handle, CHALLENGE_TTL_SECONDS);
  return options;
}

/** True when the answer signs this user's pending challenge with one of this user's passkeys. */
export async function verifyPasskeyProof(userId: number, response: AuthenticationResponseJSON, now: Date): Promise<boolean> {
  const store = getCacheStore();
  const key = passkeyProofHandleKey(userId);
  const handle = await store.get(key);
  if (!handle) return false;
  // The challenge behind the handle is spent by the verification whatever its outcome; drop
  // the pointer too, unless a newer request replaced it meanwhile (compare-and-delete).
  await store.releaseLock(key, handle);
  try {
    // The challenge is bound to the user: a passkey of another account is refused inside.
    return (await verifyPasskeyAuthentication(handle, response, now)) === userId;
  } catch (err) {
    if (err instanceof AppError && err.code === "unauthenticated") return false;
    throw err;
  }
}
