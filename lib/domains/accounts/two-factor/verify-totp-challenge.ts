import { checkSecondFactor, type SecondFactorCheck, type SecondFactorContext } from "./check-second-factor";

/**
 * The login challenge: a current app code (one step of drift either side, each step usable
 * once) or an unused recovery code, which is consumed. Answers ok or a reason; throws
 * TwoFactorThrottledError (429, retry-after seconds) after five attempts in a minute. The
 * caller completes the login (last_login_at, session) only on ok.
 */
export function verifyTotpChallenge(userId: number, input: string, ctx: SecondFactorContext = {}): Promise<SecondFactorCheck> {
  return checkSecondFactor({ userId, input, entryPoint: "challenge", ...ctx });
}
