import { hashScrypt } from "./passwords/legacy-scrypt";
import { assertPasswordLength } from "./passwords/policy";

// The interim entry point, kept so its callers (interim sign-in, demo seed) compile unchanged.
// Verification and the length rule live in ./passwords; new code hashes with
// passwords/hash.ts (argon2id) after assertPasswordPolicy.
export { MIN_PASSWORD_LENGTH } from "./passwords/policy";
export { verifyPassword } from "./passwords/hash";

/** Interim hasher (scrypt, which verifyPassword accepts); refuses a password shorter than the minimum. */
export async function hashPassword(password: string): Promise<string> {
  assertPasswordLength(password);
  return hashScrypt(password);
}
