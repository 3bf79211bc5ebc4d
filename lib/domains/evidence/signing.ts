import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from "node:crypto";
import { getConfig } from "@/lib/core/config";
import { derivedKey } from "@/lib/core/security/derived-key";

// Archive signatures (spec 9: signing keys carry an id; previous keys are listed in
// ARCHIVE_PREVIOUS_KEYS). Each configured secret yields an Ed25519 key pair deterministically,
// so a key is rotated by moving the old secret to ARCHIVE_PREVIOUS_KEYS under its id: evidence
// signed years ago still verifies, and only the current key ever signs.

const PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");
const SEED_LABEL = "archive-ed25519";

interface KeyPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

const pairs = new Map<string, KeyPair>();

function keyPair(secret: string): KeyPair {
  let pair = pairs.get(secret);
  if (!pair) {
    const seed = derivedKey(secret, SEED_LABEL);
    const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: "der", type: "pkcs8" });
    pair = { privateKey, publicKey: createPublicKey(privateKey) };
    pairs.set(secret, pair);
  }
  return pair;
}

/** The secret behind a key id: the current key wins over a previous one listed with the same id. */
function secretFor(keyId: string): string | null {
  const { archive } = getConfig();
  if (keyId === archive.signingKeyId) return archive.signingKey;
  return archive.previousKeys.find((k) => k.id === keyId)?.key ?? null;
}

/** Whether a signature with this key id could be checked at all (the current or a previous key). */
export function isKnownArchiveKeyId(keyId: string): boolean {
  return secretFor(keyId) !== null;
}

/** Signs with the current key. */
export function signEvidence(data: string | Buffer): { signature: string; keyId: string } {
  const { archive } = getConfig();
  const signature = sign(null, Buffer.from(data), keyPair(archive.signingKey).privateKey);
  return { signature: signature.toString("base64"), keyId: archive.signingKeyId };
}

/** True when `signature` (base64) is the signature of `data` by the key `keyId`; an unknown id is false. */
export function verifyEvidence(data: string | Buffer, signature: string, keyId: string): boolean {
  const secret = secretFor(keyId);
  if (!secret || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return verify(null, Buffer.from(data), keyPair(secret).publicKey, Buffer.from(signature, "base64"));
  } catch {
    return false;
  }
}

/** Every key that verifies, current first: the raw 32-byte Ed25519 public key in base64, for operators and docs. */
export function archivePublicKeys(): { id: string; publicKeyBase64: string; current: boolean }[] {
  const { archive } = getConfig();
  const keys = [
    { id: archive.signingKeyId, key: archive.signingKey },
    ...archive.previousKeys.filter((k) => k.id !== archive.signingKeyId),
  ];
  return keys.map((k, i) => {
    const spki = keyPair(k.key).publicKey.export({ type: "spki", format: "der" });
    return { id: k.id, publicKeyBase64: spki.subarray(spki.length - 32).toString("base64"), current: i === 0 };
  });
}

/**
 * JSON with object keys sorted at every depth, so one value always yields the same bytes to
 * sign, whatever order its keys were built or stored in (jsonb reorders them). Undefined object
 * members are left out and dates become ISO strings, as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? "null";
}

function sortKeys(value: unknown): unknown {
  if (value && typeof (value as { toJSON?: unknown }).toJSON === "function") return sortKeys((value as { toJSON(): unknown }).toJSON());
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : sortKeys(v)));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined && typeof v !== "function") out[key] = sortKeys(v);
    }
    return out;
  }
  if (typeof value === "bigint") throw new TypeError("canonicalJson: bigint is not JSON");
  return value;
}
