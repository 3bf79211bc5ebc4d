import { expect } from "vitest";
import { newAuthenticator, registerWith } from "./passkey-fixtures";
import { db } from "@/lib/core/db/client";
import { seedUser, unique } from "./factories";

// An "open" account: registered with an address nobody has confirmed yet, holding everything a
// registrant who does not own the address could have set on it before its owner arrives.

const DAY = 86_400_000;

export async function seedOpenAccount(email: string, opts: { passwordHash?: string } = {}) {
  const user = await seedUser({
    email,
    passwordHash: opts.passwordHash ?? "$argon2id$v=19$registrant",
    rememberToken: "remember-registrant",
    emailVerifiedAt: null,
  });
  await db.apiToken.create({ data: { userId: user.id, name: "CMS", tokenHash: unique("token"), prefix: "pd_test" } });
  await db.session.create({ data: { userId: user.id, sessionTokenHash: unique("session"), expiresAt: new Date(Date.now() + DAY) } });
  const authenticator = newAuthenticator();
  await registerWith(user.id, authenticator);
  await db.user.update({
    where: { id: user.id },
    data: {
      totpSecretEncrypted: "sealed-registrant-secret",
      totpConfirmedAt: new Date(),
      pendingEmail: `${unique("elsewhere")}@example.test`,
      pendingEmailTokenHash: unique("pending"),
    },
  });
  await db.twoFactorRecoveryCode.create({ data: { userId: user.id, codeHash: unique("code") } });
  return { user, authenticator };
}

/** Every credential the open account held is gone, and the address counts as confirmed. */
export async function expectOpenCredentialsDiscarded(userId: number, keepSessionIds: number[] = []) {
  expect(await db.user.findUniqueOrThrow({ where: { id: userId } })).toMatchObject({
    emailVerifiedAt: expect.any(Date),
    passwordHash: null,
    rememberToken: null,
    totpSecretEncrypted: null,
    totpConfirmedAt: null,
    pendingEmail: null,
    pendingEmailTokenHash: null,
  });
  expect(await db.apiToken.count({ where: { userId } })).toBe(0);
  expect(await db.passkey.count({ where: { userId } })).toBe(0);
  expect(await db.twoFactorRecoveryCode.count({ where: { userId } })).toBe(0);
  expect(await db.session.count({ where: { userId, id: { notIn: keepSessionIds } } })).toBe(0);
}
