import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { recordLoginHistory } from "@/lib/domains/activity/login-history";
import { verifyPasskeyAuthentication } from "@/lib/domains/accounts/passkeys";
import { checkSecondFactor } from "@/lib/domains/accounts/two-factor/check-second-factor";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import type { ClientContext, LoginMethod } from "../sessions/start-session";
import type { SessionState } from "../sessions/resolve-session";
import { finishLogin } from "./login-completion";

type PendingSession = Pick<SessionState, "id" | "loginMethod">;

/**
 * The second-factor challenge after password, login link or third-party sign-in. A right app
 * code or recovery code lifts the pending mark (conditionally, so a double submit completes
 * once), confirms the session for the admin area and completes the login. Throws
 * TwoFactorThrottledError after five attempts a minute.
 */
export async function passSecondFactorChallenge(opts: {
  userId: number;
  session: PendingSession;
  input: string;
  client: ClientContext;
  now?: Date;
}): Promise<"passed" | "wrong"> {
  const now = opts.now ?? new Date();
  const check = await checkSecondFactor({
    userId: opts.userId,
    input: opts.input,
    entryPoint: "two_factor_challenge",
    ip: opts.client.ip,
    now,
  });
  if (!check.ok) return "wrong";
  await liftChallenge(opts, now);
  return "passed";
}

/**
 * The challenge answered with a passkey of the account (staff whose strong factor is a passkey
 * meet the challenge too): a verified passkey of this very account lifts it like an app code.
 * A refused answer is recorded like a wrong code; the challenge itself is used up either way.
 */
export async function passPasskeyChallenge(opts: {
  userId: number;
  session: PendingSession;
  handle: string;
  response: AuthenticationResponseJSON;
  client: ClientContext;
  now?: Date;
}): Promise<"passed" | "wrong"> {
  const now = opts.now ?? new Date();
  const owner = await verifyPasskeyAuthentication(opts.handle, opts.response, now).catch((err: unknown) => {
    if (err instanceof AppError) return null;
    throw err;
  });
  if (owner !== opts.userId) {
    await recordLoginHistory({
      userId: opts.userId,
      event: "two_factor_failed",
      method: "passkey",
      entryPoint: "two_factor_challenge",
      ip: opts.client.ip,
    });
    return "wrong";
  }
  await liftChallenge(opts, now);
  return "passed";
}

async function liftChallenge(opts: { userId: number; session: PendingSession; client: ClientContext }, now: Date): Promise<void> {
  const { count } = await db.session.updateMany({
    where: { id: opts.session.id, userId: opts.userId, twoFactorPending: true },
    data: { twoFactorPending: false, strongAuthAt: now },
  });
  if (count === 1) await finishLogin({ userId: opts.userId, method: opts.session.loginMethod as LoginMethod, client: opts.client, now });
}
