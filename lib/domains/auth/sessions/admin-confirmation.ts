import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { verifyPasskeyAuthentication } from "@/lib/domains/accounts/passkeys";
import { checkSecondFactor, type SecondFactorCheck } from "@/lib/domains/accounts/two-factor/check-second-factor";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";

// EnsureStrongAdminAuthentication (spec 5.5, /admin/confirm): a staff session is confirmed for
// the admin area by a strong factor of its own account, a passkey or a current app code (a
// recovery code counts and is used up). The factor decides here, not the page: a passkey of
// another account confirms nothing, and only the account's own session is marked.

/** The passkey answered the challenge, but it belongs to another account than the session's. */
export class ForeignPasskeyError extends AppError {
  override name = "ForeignPasskeyError";
  constructor() {
    super("forbidden", "This passkey belongs to another account.", { reason: "foreign_passkey" });
  }
}

/** Marks the session confirmed, bound to its account: a session id of someone else changes nothing. */
async function markConfirmed(userId: number, sessionId: number, now: Date): Promise<void> {
  await db.session.updateMany({ where: { id: sessionId, userId }, data: { strongAuthAt: now } });
}

/**
 * Confirms the session with a passkey: the answer must verify (AppError `unauthenticated`
 * otherwise, the challenge spent either way) and the passkey must be one of `userId`'s
 * (ForeignPasskeyError otherwise); only then is the session marked.
 */
export async function confirmAdminSessionWithPasskey(opts: {
  userId: number;
  sessionId: number;
  handle: string;
  response: AuthenticationResponseJSON;
  now?: Date;
}): Promise<void> {
  const now = opts.now ?? new Date();
  const owner = await verifyPasskeyAuthentication(opts.handle, opts.response, now);
  if (owner !== opts.userId) throw new ForeignPasskeyError();
  await markConfirmed(opts.userId, opts.sessionId, now);
}

/**
 * Confirms the session with an app code or a recovery code of `userId` (checked and throttled
 * like the login challenge: TwoFactorThrottledError); the session is marked only when it passes.
 */
export async function confirmAdminSessionWithCode(opts: {
  userId: number;
  sessionId: number;
  input: string;
  ip?: string;
  now?: Date;
}): Promise<SecondFactorCheck> {
  const now = opts.now ?? new Date();
  const check = await checkSecondFactor({ userId: opts.userId, input: opts.input, entryPoint: "admin_confirmation", ip: opts.ip, now });
  if (check.ok) await markConfirmed(opts.userId, opts.sessionId, now);
  return check;
}
