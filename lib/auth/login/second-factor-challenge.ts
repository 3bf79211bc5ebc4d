import { checkSecondFactor } from "@/lib/accounts/two-factor/check-second-factor";
import { db } from "@/lib/db/client";
import type { ClientContext, LoginMethod } from "../sessions/start-session";
import type { SessionState } from "../sessions/resolve-session";
import { finishLogin } from "./login-completion";

/**
 * The second-factor challenge after password, login link or third-party sign-in. A right app
 * code or recovery code lifts the pending mark (conditionally, so a double submit completes
 * once), confirms the session for the admin area and completes the login. Throws
 * TwoFactorThrottledError after five attempts a minute.
 */
export async function passSecondFactorChallenge(opts: { userId: number; session: Pick<SessionState, "id" | "loginMethod">; input: string; client: ClientContext; now?: Date }): Promise<"passed" | "wrong"> {
  const now = opts.now ?? new Date();
  const check = await checkSecondFactor({ userId: opts.userId, input: opts.input, entryPoint: "two_factor_challenge", ip: opts.client.ip, now });
  if (!check.ok) return "wrong";
  const { count } = await db.session.updateMany({ where: { id: opts.session.id, userId: opts.userId, twoFactorPending: true }, data: { twoFactorPending: false, strongAuthAt: now } });
  if (count === 1) await finishLogin({ userId: opts.userId, method: opts.session.loginMethod as LoginMethod, client: opts.client, now });
  return "passed";
}
