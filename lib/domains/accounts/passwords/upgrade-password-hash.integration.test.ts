import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedUser } from "@/tests/factories";
import { hashPassword, needsRehash, verifyPassword } from "./hash";
import { hashScrypt } from "./legacy-scrypt";
import { upgradePasswordHash } from "./upgrade-password-hash";

const PASSWORD = "Kranich-Ufer-Stein-47";
const storedHash = async (id: number) => (await db.user.findUniqueOrThrow({ where: { id } })).passwordHash!;

describe("upgradePasswordHash", () => {
  it("replaces a verified scrypt hash with argon2id, and the password still works", async () => {
    const legacy = await hashScrypt(PASSWORD);
    const user = await seedUser({ passwordHash: legacy });
    expect(await upgradePasswordHash({ userId: user.id, password: PASSWORD, verifiedHash: legacy })).toBe(true);
    const upgraded = await storedHash(user.id);
    expect(upgraded).toMatch(/^\$argon2id\$/);
    expect(needsRehash(upgraded)).toBe(false);
    expect(await verifyPassword(PASSWORD, upgraded)).toBe(true);
  });

  it("keeps a current hash, and never overwrites a password changed meanwhile", async () => {
    const current = await hashPassword(PASSWORD);
    const user = await seedUser({ passwordHash: current });
    expect(await upgradePasswordHash({ userId: user.id, password: PASSWORD, verifiedHash: current })).toBe(false);
    expect(await storedHash(user.id)).toBe(current);

    const legacy = await hashScrypt(PASSWORD);
    expect(await upgradePasswordHash({ userId: user.id, password: PASSWORD, verifiedHash: legacy })).toBe(false);
    expect(await storedHash(user.id)).toBe(current);
  });
});
