import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedCheckedRelease, seedNewsroom } from "@/tests/release-fixtures";
import { KI } from "../history";
import { lockRelease } from "../lock";
import { publishLocked, publishRelease } from "../publish-release";
import { verifyReceipt } from "./verify-receipt";
import { publishedReceiptKeys, rotateReceiptKey } from "./signing-keys";

// The signing key: made on first use, once however many publications come at once; rotated so
// that new receipts carry the new key id while every old one still verifies.

async function checkedRelease() {
  const { owner, company } = await seedNewsroom();
  return seedCheckedRelease(company.id, owner.id);
}

const receiptOf = (pressReleaseId: number) => db.publicationReceipt.findFirstOrThrow({ where: { pressReleaseId } });

/** Whether some transaction waits for an advisory lock right now. */
async function someoneWaitsForAdvisoryLock(): Promise<boolean> {
  const rows = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`;
  return rows[0]!.n > 0;
}

async function until(condition: () => Promise<boolean>, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error("condition not reached");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("receipt signing keys", () => {
  // First in the file: the file's database has no key yet.
  it("two first publications at once make one key, and both receipts carry it", async () => {
    expect(await db.receiptSigningKey.count()).toBe(0);
    const [a, b] = [await checkedRelease(), await checkedRelease()];
    let letFirstCommit!: () => void;
    const firstMayCommit = new Promise<void>((r) => (letFirstCommit = r));
    let firstPublished!: () => void;
    const firstHasPublished = new Promise<void>((r) => (firstPublished = r));
    // The first publication creates the key and stays open; the second starts meanwhile, finds no
    // committed key and must wait for the first instead of making its own.
    const first = db.$transaction(
      async (tx) => {
        await publishLocked(tx, await lockRelease(tx, a.id), { actor: KI, now: new Date() });
        firstPublished();
        await firstMayCommit;
      },
      { timeout: 15_000 },
    );
    await firstHasPublished;
    const second = publishRelease({ releaseId: b.id, actor: KI });
    await until(someoneWaitsForAdvisoryLock);
    letFirstCommit();
    await Promise.all([first, second]);

    const keys = await db.receiptSigningKey.findMany();
    expect(keys).toHaveLength(1);
    expect([(await receiptOf(a.id)).kid, (await receiptOf(b.id)).kid]).toEqual([keys[0]!.kid, keys[0]!.kid]);
    // The private key is stored sealed, never as it is.
    expect(keys[0]!.privateKeySealed).toMatch(/^v1\./);
  });

  it("after a rotation new receipts carry the new key id and old ones still verify; the well-known list has both", async () => {
    const before = await checkedRelease();
    await publishRelease({ releaseId: before.id, actor: KI });
    const old = await receiptOf(before.id);

    const rotated = await rotateReceiptKey();
    expect(rotated.retired).toBe(old.kid);
    expect(rotated.current).not.toBe(old.kid);

    const after = await checkedRelease();
    await publishRelease({ releaseId: after.id, actor: KI });
    const fresh = await receiptOf(after.id);
    expect(fresh.kid).toBe(rotated.current);

    expect(await verifyReceipt(old.jws)).toMatchObject({ valid: true, key: { kid: old.kid, retiredAt: expect.any(Date) } });
    expect(await verifyReceipt(fresh.jws)).toMatchObject({ valid: true, key: { kid: rotated.current, retiredAt: null } });

    const { keys } = await publishedReceiptKeys();
    expect(keys[0]).toMatchObject({ kid: rotated.current, kty: "OKP", crv: "Ed25519", alg: "EdDSA", use: "sig", retired_at: null });
    expect(keys.find((k) => k.kid === old.kid)).toMatchObject({ retired_at: expect.any(String) });
    expect(keys.every((k) => Buffer.from(k.x, "base64url").length === 32)).toBe(true);
    // Only the current key signs: the retired one's private key is erased, its public key stays.
    expect(await db.receiptSigningKey.count({ where: { retiredAt: null } })).toBe(1);
    const retired = await db.receiptSigningKey.findUniqueOrThrow({ where: { kid: old.kid } });
    expect([retired.privateKeySealed, retired.publicKey.length]).toEqual(["", 43]);
    // Every receipt the old key signed was issued before its retirement.
    expect(old.issuedAt.getTime()).toBeLessThan(retired.retiredAt!.getTime());
  });
});
