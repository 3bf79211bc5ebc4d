import { generateSecret, generateURI, verify } from "otplib";
import { SITE_NAMES } from "@/lib/domains/sites";

// otplib defaults (SHA-1, 6 digits, 30 s) are what authenticator apps expect.
export const TOTP_PERIOD_SECONDS = 30;
const TOTP_CODE = /^\d{6}$/;

export const newTotpSecret = () => generateSecret();

/** The otpauth:// URI an authenticator app scans; the hub's name is the issuer. */
export const totpUri = (secret: string, accountLabel: string) => generateURI({ issuer: SITE_NAMES.hub, label: accountLabel, secret });

export const looksLikeTotpCode = (input: string) => TOTP_CODE.test(input);

/**
 * The RFC 6238 time step the code belongs to, or null. One step either side is accepted for
 * clock drift between phone and server.
 */
export async function matchTotpCode(secret: string, code: string, now: Date): Promise<number | null> {
  if (!looksLikeTotpCode(code)) return null;
  const result = await verify({ secret, token: code, epoch: Math.floor(now.getTime() / 1000), epochTolerance: TOTP_PERIOD_SECONDS });
  // The functional API types results for TOTP and HOTP alike; only TOTP's carry the step.
  return result.valid && "timeStep" in result ? result.timeStep : null;
}
