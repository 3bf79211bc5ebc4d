import { randomInt } from "node:crypto";
import { generate, generateSecret } from "otplib";
import { db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { seedUser } from "./factories";
import { replaceRecoveryCodes } from "@/lib/domains/accounts/two-factor/replace-recovery-codes";
import { sealTotpSecret } from "@/lib/domains/accounts/two-factor/secret-box";

// Test files share one Redis while every file's database numbers users from 1, so throttle
// and replay keys (by user id) would collide across files and reruns; random ids keep them apart.
export const seedUserWithRandomId = (data: Partial<Prisma.UserUncheckedCreateInput> = {}) =>
  seedUser({ id: randomInt(100_000_000, 2_000_000_000), ...data });

/** An account with confirmed TOTP, written directly so no throttle attempt is spent on setup. */
export async function seedTotpUser(data: Partial<Prisma.UserUncheckedCreateInput> = {}) {
  const user = await seedUserWithRandomId(data);
  const secret = generateSecret();
  const recoveryCodes = await db.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: user.id },
      data: { totpSecretEncrypted: sealTotpSecret(secret, user.id), totpConfirmedAt: new Date() },
    });
    return replaceRecoveryCodes(tx, user.id);
  });
  return { user, secret, recoveryCodes };
}

/** The app's code at an instant, as the phone would show it. */
export const codeAt = (secret: string, at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

/** A six-digit code that is valid in no step of the window around `at`. */
export async function wrongCodeAt(secret: string, at: Date): Promise<string> {
  const valid = await Promise.all([-30_000, 0, 30_000].map((d) => codeAt(secret, new Date(at.getTime() + d))));
  for (;;) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    if (!valid.includes(code)) return code;
  }
}
