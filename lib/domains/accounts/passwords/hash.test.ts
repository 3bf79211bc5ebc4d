import { describe, expect, it } from "vitest";
import { hash } from "argon2";
import { hashPassword, needsRehash, verifyPassword } from "./hash";
import { hashScrypt } from "./legacy-scrypt";

const PASSWORD = "Kranich-Ufer-Stein-47";

describe("password hashes", () => {
  it("hashes with argon2id at the configured cost and verifies", async () => {
    const stored = await hashPassword(PASSWORD);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(await verifyPassword(PASSWORD, stored)).toBe(true);
    expect(await verifyPassword(`${PASSWORD}x`, stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
    expect(await hashPassword(PASSWORD)).not.toBe(stored);
  });

  it("keeps existing scrypt hashes valid and marks them for rehashing", async () => {
    const legacy = await hashScrypt(PASSWORD);
    expect(legacy).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword(PASSWORD, legacy)).toBe(true);
    expect(await verifyPassword("wrong-password-123", legacy)).toBe(false);
    expect(needsRehash(legacy)).toBe(true);
  });

  it("verifies an argon2id hash of another cost and marks it for rehashing", async () => {
    const older = await hash(PASSWORD, { memoryCost: 8192, timeCost: 1, parallelism: 1 });
    expect(await verifyPassword(PASSWORD, older)).toBe(true);
    expect(needsRehash(older)).toBe(true);
  });

  it("matches the same password typed in another Unicode form", async () => {
    const composed = "Grüße-aus-Köln-2026";
    expect(await verifyPassword(composed.normalize("NFD"), await hashPassword(composed))).toBe(true);
  });

  it("never matches a missing, malformed, foreign or over-expensive hash", async () => {
    const huge = "$argon2id$v=19$m=4194304,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g";
    const argon2i = await hash(PASSWORD, { type: 1 });
    for (const bad of [null, undefined, "", "bcrypt$x", "$argon2id$v=19$m=19456$x$y", "$argon2id$garbage", huge, argon2i]) {
      expect(await verifyPassword(PASSWORD, bad)).toBe(false);
    }
    expect(needsRehash("$argon2id$garbage")).toBe(true);
  });
});
