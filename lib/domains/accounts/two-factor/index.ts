// TOTP second factor with recovery codes (spec 5.3–5.5). Routes and the login flow use these.
export { beginTotpSetup, type TotpSetup } from "./begin-totp-setup";
export type { SecondFactorCheck, SecondFactorContext, SecondFactorMethod } from "./check-second-factor";
export { confirmTotpSetup } from "./confirm-totp-setup";
export { disableTotp } from "./disable-totp";
export { TwoFactorThrottledError } from "./errors";
export { renewRecoveryCodes } from "./renew-recovery-codes";
export { resetSecondFactor } from "./reset-second-factor";
export { getTwoFactorStatus, type TwoFactorStatus } from "./two-factor-status";
export { verifyTotpChallenge } from "./verify-totp-challenge";
