import { createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from "@/lib/accounts/password";
import { db } from "@/lib/db/client";
import { seedUser, unique } from "@/tests/factories";
import { signSessionToken, SESSION_MAX_AGE_SECONDS, verifySessionToken } from "./session-token";
import { resolveSession } from "./session-user";
import { confirmOwnPassword, signInWithPassword } from "./sign-in";

const SECRET = "test-secret-for-sessions";
const NOW = Date.UTC(2026, 2, 3, 9, 0);

describe("session token", () => {
  it("round-trips a signed payload", () => {
    const token = signSessionToken({ uid: 7, iat: NOW, proofAt: 0 }, SECRET);
    expect(verifySessionToken(token, SECRET, NOW + 1000)).toEqual({ uid: 7, iat: NOW, proofAt: 0 });
  });

  it("refuses forged, tampered, foreign and malformed tokens", () => {
    const token = signSessionToken({ uid: 7, iat: NOW, proofAt: 0 }, SECRET);
    const [data, mac] = token.split(".") as [string, string];
    const otherUser = Buffer.from(JSON.stringify({ uid: 1, iat: NOW, proofAt: 0 })).toString("base64url");
    expect(verifySessionToken(`${otherUser}.${mac}`, SECRET, NOW)).toBeNull();
    expect(verifySessionToken(`${data}.${randomBytes(32).toString("base64url")}`, SECRET, NOW)).toBeNull();
    expect(verifySessionToken(`${data}.${mac.slice(0, 10)}`, SECRET, NOW)).toBeNull();
    expect(verifySessionToken(token, "another-secret", NOW)).toBeNull();
    for (const bad of ["", "abc", "a.b.c", `.${mac}`, `${Buffer.from("not json").toString("base64url")}.x`]) expect(verifySessionToken(bad, SECRET, NOW)).toBeNull();
    const wrongShape = Buffer.from(JSON.stringify({ uid: "7", iat: NOW, proofAt: 0 })).toString("base64url");
    expect(verifySessionToken(signLike(wrongShape), SECRET, NOW)).toBeNull();
  });

  it("expires after its lifetime and refuses tokens from the future", () => {
    const token = signSessionToken({ uid: 7, iat: NOW, proofAt: 0 }, SECRET);
    expect(verifySessionToken(token, SECRET, NOW + SESSION_MAX_AGE_SECONDS * 1000 - 1)).not.toBeNull();
    expect(verifySessionToken(token, SECRET, NOW + SESSION_MAX_AGE_SECONDS * 1000 + 1)).toBeNull();
    expect(verifySessionToken(token, SECRET, NOW - 5 * 60_000)).toBeNull();
  });
});

// Signs arbitrary data the way signSessionToken does, to prove the payload shape is checked too.
function signLike(data: string): string {
  return `${data}.${createHmac("sha256", SECRET).update(data).digest("base64url")}`;
}

describe("session user", () => {
  it("resolves an active user and refuses inactive, deleted, revoked and unknown ones", async () => {
    const user = await seedUser();
    const token = (iat = Date.now()) => signSessionToken({ uid: user.id, iat, proofAt: 0 }, SECRET);
    expect((await resolveSession(token(), SECRET))?.user).toMatchObject({ id: user.id, email: user.email });
    expect(await resolveSession(token(), SECRET)).not.toHaveProperty("user.passwordHash");

    // Sessions issued before sessions_revoked_at_ms are invalid (spec 5.8); later ones are fine.
    const revokedAt = Date.now();
    await db.user.update({ where: { id: user.id }, data: { sessionsRevokedAtMs: BigInt(revokedAt) } });
    expect(await resolveSession(token(revokedAt - 1000), SECRET)).toBeNull();
    expect(await resolveSession(token(revokedAt + 10), SECRET, revokedAt + 20)).not.toBeNull();

    await db.user.update({ where: { id: user.id }, data: { isActive: false } });
    expect(await resolveSession(token(revokedAt + 10), SECRET, revokedAt + 20)).toBeNull();
    await db.user.update({ where: { id: user.id }, data: { isActive: true, deletedAt: new Date() } });
    expect(await resolveSession(token(revokedAt + 10), SECRET, revokedAt + 20)).toBeNull();

    expect(await resolveSession(signSessionToken({ uid: 2_000_000_000, iat: Date.now(), proofAt: 0 }, SECRET), SECRET)).toBeNull();
    expect(await resolveSession(undefined, SECRET)).toBeNull();
  });
});

describe("passwords", () => {
  it("hashes with scrypt in the documented format and verifies", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
    // Two hashes of one password differ (random salt).
    expect(await hashPassword("correct horse battery")).not.toBe(hash);
  });

  it("refuses short new passwords and never matches a malformed hash", async () => {
    await expect(hashPassword("x".repeat(MIN_PASSWORD_LENGTH - 1))).rejects.toMatchObject({ code: "validation_failed" });
    for (const bad of [null, "", "bcrypt$x", "scrypt$16384$8$1$salt", "scrypt$3$8$1$c2FsdA==$aGFzaA==", `scrypt$${2 ** 30}$8$1$c2FsdA==$aGFzaA==`]) {
      expect(await verifyPassword("anything at all", bad)).toBe(false);
    }
  });
});

describe("sign-in", () => {
  it("gives one answer for unknown e-mail and wrong password, and signs in with the right one", async () => {
    const user = await seedUser({ passwordHash: await hashPassword("pressdesk-test-2026") });
    const clientKey = unique("ip");
    expect(await signInWithPassword({ email: user.email.toUpperCase(), password: "pressdesk-test-2026", clientKey })).toEqual({ ok: true, userId: user.id, isStaff: false });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).lastLoginAt).not.toBeNull();
    const wrong = await signInWithPassword({ email: user.email, password: "wrong-password-123", clientKey });
    const unknown = await signInWithPassword({ email: `${unique("nobody")}@example.test`, password: "pressdesk-test-2026", clientKey });
    expect(wrong).toEqual({ ok: false, reason: "invalid" });
    expect(unknown).toEqual(wrong);
  });

  it("blocks an address after 20 failures within the window, also for the right password (spec 5.6)", async () => {
    const user = await seedUser({ passwordHash: await hashPassword("pressdesk-test-2026") });
    const clientKey = unique("ip");
    for (let i = 0; i < 20; i++) expect((await signInWithPassword({ email: user.email, password: `wrong-${i}-password`, clientKey })).ok).toBe(false);
    expect(await signInWithPassword({ email: user.email, password: "pressdesk-test-2026", clientKey })).toEqual({ ok: false, reason: "throttled" });
    // Another address is not affected.
    expect((await signInWithPassword({ email: user.email, password: "pressdesk-test-2026", clientKey: unique("ip") })).ok).toBe(true);
  });

  it("confirms the own password for an identity proof, five attempts a minute", async () => {
    const user = await seedUser({ passwordHash: await hashPassword("pressdesk-test-2026") });
    expect(await confirmOwnPassword(user.id, "pressdesk-test-2026")).toBe("ok");
    expect(await confirmOwnPassword(user.id, "nope-nope-nope")).toBe("wrong");
    for (let i = 0; i < 3; i++) await confirmOwnPassword(user.id, "nope-nope-nope");
    expect(await confirmOwnPassword(user.id, "pressdesk-test-2026")).toBe("throttled");
  });
});
