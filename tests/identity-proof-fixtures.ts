import { newAuthenticator, registerWith } from "./passkey-fixtures";
import type { SoftwareAuthenticator } from "./software-authenticator";
import { hashPassword } from "@/lib/domains/accounts/passwords/hash";
import { seedTotpUser, seedUserWithRandomId } from "./two-factor-fixtures";
import { db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";

// Test helper: accounts of every shape the rule table knows, with random ids (the throttle,
// e-mail code and passkey-handle keys live in the shared Redis and are keyed by user id).

export const PASSWORD = "Kiesel-Brücke-Abend-2026";

let passwordHash: Promise<string> | undefined;
/** One argon2 hash for all accounts of a file: hashing is the slow part. */
export const sharedPasswordHash = () => (passwordHash ??= hashPassword(PASSWORD));

export interface AccountShape {
  totp?: boolean;
  password?: boolean;
  passkey?: boolean;
}

export interface SeededAccount {
  user: { id: number; email: string };
  secret?: string;
  recoveryCodes: string[];
  authenticator?: SoftwareAuthenticator;
}

export async function seedAccount(shape: AccountShape, data: Partial<Prisma.UserUncheckedCreateInput> = {}): Promise<SeededAccount> {
  const fields = { passwordHash: shape.password ? await sharedPasswordHash() : null, ...data };
  const seeded = shape.totp
    ? await seedTotpUser(fields)
    : { user: await seedUserWithRandomId(fields), secret: undefined, recoveryCodes: [] };
  let authenticator: SoftwareAuthenticator | undefined;
  if (shape.passkey) {
    authenticator = newAuthenticator();
    await registerWith(seeded.user.id, authenticator);
  }
  return { ...seeded, authenticator };
}

/** The code in the newest identity-code mail to this address. */
export async function mailedCode(email: string): Promise<string> {
  const mail = await db.mailOutbox.findFirstOrThrow({ where: { to: email, mailType: "identity_code" }, orderBy: { id: "desc" } });
  const code = /^\d{6}$/m.exec(mail.text)?.[0];
  if (!code) throw new Error("no code in the mail");
  return code;
}
