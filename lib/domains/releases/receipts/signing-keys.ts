import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { calculateJwkThumbprint } from "jose";
import { db, type DbOrTx, type Tx } from "@/lib/core/db/client";
import { openSecret, sealSecret } from "@/lib/core/security/sealed-secret";
import type { ReceiptSigningKey } from "@/lib/generated/prisma/client";

// The Ed25519 keys that sign receipts (docs/receipts.md "Keys and rotation"). One key is current;
// a rotation retires it and creates the next, and every key ever used stays published so old
// receipts still verify. The key id is the key's RFC 7638 thumbprint: anyone can recompute it
// from the public key. The private key is stored as PKCS#8, sealed under a key derived from
// APP_KEY and bound to its key id. A rotation erases the retired key's private key (an empty
// sealed value), so nothing signs with it any more. A copy taken before (an old copy of the
// database together with APP_KEY) still makes signatures that hold: the hub's check accepts
// only receipts we stored, issued before their key's retired_at (verify-receipt.ts).
//
// Races: issuers hold a shared advisory lock until their transaction ends, a rotation takes it
// exclusively, so no receipt is signed with a key a committed rotation has retired. The first key
// is created under the exclusive lock: two first publications at once make one key.

const SEAL_LABEL = "receipt-signing-key";

/** What a retired key's sealed private key is set to: nothing. */
const ERASED = "";

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
}

/** A published public key as a JWK (RFC 8037), with when it began and stopped signing. */
export interface ReceiptJwk {
  kty: "OKP";
  crv: "Ed25519";
  x: string;
  kid: string;
  alg: "EdDSA";
  use: "sig";
  created_at: string;
  retired_at: string | null;
}

const lockExclusively = (tx: Tx) => tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('receipt-signing-key'))`;
const lockShared = (tx: Tx) => tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(hashtext('receipt-signing-key'))`;

const currentRow = (client: DbOrTx) =>
  client.receiptSigningKey.findFirst({ where: { retiredAt: null }, orderBy: [{ createdAt: "desc" }, { kid: "desc" }] });

/** An Ed25519 public key as a JWK's key members (RFC 8037), from its raw base64url `x`. */
const publicJwk = (x: string) => ({ kty: "OKP", crv: "Ed25519", x }) as const;
/** A key's id: its RFC 7638 SHA-256 thumbprint. */
const keyIdOf = (x: string) => calculateJwkThumbprint(publicJwk(x), "sha256");

async function createKey(tx: Tx, now: Date): Promise<ReceiptSigningKey> {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const x = publicKey.export({ format: "jwk" }).x!;
  const kid = await keyIdOf(x);
  const pkcs8 = privateKey.export({ format: "der", type: "pkcs8" }).toString("base64url");
  return tx.receiptSigningKey.create({
    data: { kid, publicKey: x, privateKeySealed: sealSecret(SEAL_LABEL, pkcs8, kid), createdAt: now },
  });
}

const opened = new Map<string, KeyObject>();

function privateKeyOf(row: ReceiptSigningKey): SigningKey {
  if (row.privateKeySealed === ERASED) throw new Error(`receipt signing key ${row.kid} was erased; run receipts:rotate-key`);
  let key = opened.get(row.privateKeySealed);
  if (!key) {
    let pkcs8Text: string;
    try {
      pkcs8Text = openSecret(SEAL_LABEL, row.privateKeySealed, row.kid);
    } catch (err) {
      // Until the rotation every publication fails here: each one needs its receipt.
      throw new Error(`receipt signing key ${row.kid} does not open with this APP_KEY; run receipts:rotate-key`, { cause: err });
    }
    const pkcs8 = Buffer.from(pkcs8Text, "base64url");
    key = createPrivateKey({ key: pkcs8, format: "der", type: "pkcs8" });
    opened.set(row.privateKeySealed, key);
  }
  return { kid: row.kid, privateKey: key };
}

/**
 * The key that signs in `tx`, created on first use. Holds the shared lock (or, on first use, the
 * exclusive one) until `tx` ends.
 */
export async function signingKeyFor(tx: Tx, now: Date): Promise<SigningKey> {
  if (await currentRow(tx)) {
    await lockShared(tx);
    // Read again under the lock: a rotation may have committed since.
    const row = await currentRow(tx);
    if (row) return privateKeyOf(row);
  }
  await lockExclusively(tx);
  return privateKeyOf((await currentRow(tx)) ?? (await createKey(tx, now)));
}

/**
 * Retires the current key (it signs nothing more, and still verifies), erases its private key and
 * creates the next. The time is taken once the lock is held: every receipt the old key signed was
 * issued before it (each issuer takes its time before the shared lock and holds that lock until
 * its commit), so the key's retired_at bounds what it signed.
 */
export async function rotateReceiptKey(opts: { now?: Date } = {}): Promise<{ retired: string | null; current: string }> {
  return db.$transaction(async (tx) => {
    await lockExclusively(tx);
    // One millisecond on: after every receipt the old key signed, also one of this millisecond.
    const now = opts.now ?? new Date(Date.now() + 1);
    const old = await currentRow(tx);
    if (old) {
      await tx.receiptSigningKey.update({ where: { kid: old.kid }, data: { retiredAt: now, privateKeySealed: ERASED } });
      opened.delete(old.privateKeySealed);
    }
    const next = await createKey(tx, now);
    return { retired: old?.kid ?? null, current: next.kid };
  });
}

/** Our key ids: an RFC 7638 SHA-256 thumbprint, base64url (43 characters). Nothing else is looked up. */
export const KID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The public key of `kid` (current or retired), or null for a key id we never had (or a row whose key is not the one its id names). */
export async function receiptPublicKey(
  client: DbOrTx,
  kid: string,
): Promise<{ kid: string; publicKey: KeyObject; createdAt: Date; retiredAt: Date | null } | null> {
  if (!KID_PATTERN.test(kid)) return null;
  const row = await client.receiptSigningKey.findUnique({
    where: { kid },
    select: { kid: true, publicKey: true, createdAt: true, retiredAt: true },
  });
  if (!row) return null;
  if ((await keyIdOf(row.publicKey)) !== row.kid) return null;
  const publicKey = createPublicKey({ key: publicJwk(row.publicKey), format: "jwk" });
  return { kid: row.kid, publicKey, createdAt: row.createdAt, retiredAt: row.retiredAt };
}

/** Every key that ever signed, newest first: the hub's /.well-known/receipt-keys.json. */
export async function publishedReceiptKeys(client: DbOrTx = db): Promise<{ keys: ReceiptJwk[] }> {
  const rows = await client.receiptSigningKey.findMany({
    orderBy: [{ createdAt: "desc" }, { kid: "desc" }],
    select: { kid: true, publicKey: true, createdAt: true, retiredAt: true },
  });
  return {
    keys: rows.map((r) => ({
      ...publicJwk(r.publicKey),
      kid: r.kid,
      alg: "EdDSA",
      use: "sig",
      created_at: r.createdAt.toISOString(),
      retired_at: r.retiredAt?.toISOString() ?? null,
    })),
  };
}
