import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedNewsroom } from "@/tests/release-fixtures";
import { createApiToken, findTokenOwner, listApiTokens, pruneExpiredTokens, revokeApiToken } from "./tokens";

const NOW = new Date("2026-11-20T10:00:00Z");
const days = (n: number) => new Date(NOW.getTime() + n * 86_400_000);

describe("API tokens", () => {
  it("need a fresh identity proof", async () => {
    const { owner } = await seedNewsroom();
    await expect(createApiToken({ userId: owner.id, name: "x", identityConfirmedAt: null, now: NOW })).rejects.toMatchObject({
      code: "identity_proof_required",
    });
    await expect(
      createApiToken({ userId: owner.id, name: "x", identityConfirmedAt: new Date(NOW.getTime() - 11 * 60_000), now: NOW }),
    ).rejects.toMatchObject({ code: "identity_proof_required" });
    expect(await db.apiToken.count({ where: { userId: owner.id } })).toBe(0);
  });

  it("expire at most five years ahead, are stored only as a hash and listed with valid-until", async () => {
    const { owner } = await seedNewsroom();
    const proof = { identityConfirmedAt: NOW, now: NOW };
    await expect(createApiToken({ userId: owner.id, name: "too long", expiresAt: days(5 * 366), ...proof })).rejects.toMatchObject({
      code: "validation_failed",
    });
    await expect(createApiToken({ userId: owner.id, name: "past", expiresAt: days(-1), ...proof })).rejects.toMatchObject({
      code: "validation_failed",
    });
    const created = await createApiToken({ userId: owner.id, name: "CMS", expiresAt: days(5 * 365), ...proof });
    expect(created.token).toMatch(/^pd_[A-Za-z0-9_-]{43}$/);
    expect(await db.apiToken.count({ where: { tokenHash: created.token } })).toBe(0);
    const list = await listApiTokens(owner.id, NOW);
    expect(list).toMatchObject({ accessPaused: false, tokens: [{ name: "CMS", validUntil: days(5 * 365), expired: false }] });
    expect((await findTokenOwner(created.token, NOW))?.userId).toBe(owner.id);
    expect(await findTokenOwner(created.token, days(5 * 365 + 1))).toBeNull();
  });

  it("show the paused hint without API access, and can be revoked only by their owner", async () => {
    const { owner } = await seedNewsroom({ apiAccess: false });
    const { owner: other } = await seedNewsroom();
    const created = await createApiToken({ userId: owner.id, name: "t", identityConfirmedAt: new Date() });
    expect((await listApiTokens(owner.id)).accessPaused).toBe(true);
    await expect(revokeApiToken(other.id, created.id)).rejects.toMatchObject({ code: "not_found" });
    await revokeApiToken(owner.id, created.id);
    expect(await findTokenOwner(created.token)).toBeNull();
  });

  it("tokens:prune-expired removes tokens 30 days after expiry", async () => {
    const { owner } = await seedNewsroom();
    const keep = await createApiToken({
      userId: owner.id,
      name: "recently expired",
      expiresAt: days(1),
      identityConfirmedAt: NOW,
      now: NOW,
    });
    const drop = await createApiToken({ userId: owner.id, name: "long expired", expiresAt: days(1), identityConfirmedAt: NOW, now: NOW });
    await db.apiToken.update({ where: { id: drop.id }, data: { expiresAt: days(-31) } });
    await db.apiToken.update({ where: { id: keep.id }, data: { expiresAt: days(-29) } });
    expect(await pruneExpiredTokens(NOW)).toBeGreaterThanOrEqual(1);
    expect(await db.apiToken.count({ where: { id: drop.id } })).toBe(0);
    expect(await db.apiToken.count({ where: { id: keep.id } })).toBe(1);
  });
});
