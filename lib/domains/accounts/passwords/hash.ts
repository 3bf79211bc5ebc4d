import { argon2id, hash, verify } from "argon2";
import { SCRYPT_PREFIX, verifyScrypt } from "./legacy-scrypt";

// argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): memory per sign-in stays
// bounded when many people sign in at once. The cost travels in the hash, so raising it later
// leaves stored hashes valid and needsRehash() upgrades them at the next sign-in.
export const ARGON2_COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const ARGON2_VERSION = 0x13;
const ARGON2_PREFIX = "$argon2id$";
/** A stored hash may not make us spend more than this (a forged row must not stall the server). */
const MAX_COST = { memoryCost: 262_144, timeCost: 10, parallelism: 16 } as const;

interface Argon2Params {
  version: number;
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** The parameters of `$argon2id$v=19$m=…,t=…,p=…$salt$hash`, or null when malformed. */
function parseArgon2id(stored: string): Argon2Params | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[1] !== "argon2id" || !/^[A-Za-z0-9+/]+$/.test(parts[4]!) || !/^[A-Za-z0-9+/]+$/.test(parts[5]!))
    return null;
  const version = /^v=(\d{1,3})$/.exec(parts[2]!)?.[1];
  const params = new Map(parts[3]!.split(",").map((kv) => kv.split("=") as [string, string]));
  const num = (key: string) => Number(/^\d{1,7}$/.exec(params.get(key) ?? "")?.[0] ?? 0);
  const [m, t, p] = [num("m"), num("t"), num("p")];
  if (!version || params.size !== 3 || !m || !t || !p) return null;
  return { version: Number(version), memoryCost: m, timeCost: t, parallelism: p };
}

/** Hashes a password with argon2id. Apply the policy first (assertPasswordPolicy). */
export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize("NFC"), { type: argon2id, version: ARGON2_VERSION, ...ARGON2_COST });
}

/** True when the password matches a stored argon2id or legacy scrypt hash; anything else never matches. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  if (stored.startsWith(SCRYPT_PREFIX)) return verifyScrypt(password, stored);
  const params = parseArgon2id(stored);
  if (
    !params ||
    params.memoryCost > MAX_COST.memoryCost ||
    params.timeCost > MAX_COST.timeCost ||
    params.parallelism > MAX_COST.parallelism
  )
    return false;
  try {
    return await verify(stored, password.normalize("NFC"));
  } catch {
    return false;
  }
}

/** True for every hash not made by hashPassword() with today's cost: scrypt, older argon2 settings. */
export function needsRehash(stored: string): boolean {
  if (!stored.startsWith(ARGON2_PREFIX)) return true;
  const params = parseArgon2id(stored);
  return (
    !params ||
    params.version !== ARGON2_VERSION ||
    params.memoryCost !== ARGON2_COST.memoryCost ||
    params.timeCost !== ARGON2_COST.timeCost ||
    params.parallelism !== ARGON2_COST.parallelism
  );
}
