import { hashPassword, verifyPassword } from "@/lib/domains/accounts/passwords/hash";
import { upgradePasswordHash } from "@/lib/domains/accounts/passwords/upgrade-password-hash";
import { db } from "@/lib/core/db/client";
import type { ClientContext } from "../sessions/start-session";
import { completeLogin, type CompletedLogin } from "./login-completion";
import { AddressNotVerifiedError, LoginRefusedError } from "./login-errors";
import {
  assertAccountNotSlowed,
  assertLoginNotThrottled,
  oneCheckAtATime,
  recordLoginFailure,
} from "@/lib/domains/accounts/passwords/login-failures";
import { isAcceptableText } from "@/lib/core/input/text";

// Unknown addresses still pay for one hash, so the answer time does not reveal who has an account.
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword("not-a-real-password-for-timing"));

/**
 * E-mail + password sign-in. Unknown address, no password (login-link accounts), wrong password
 * and inactive accounts all end in LoginRefusedError; while the address is blocked, even the
 * right password gets LoginThrottledError (spec 5.6).
 */
export async function signInWithPassword(opts: {
  email: string;
  password: string;
  client: ClientContext;
  now?: Date;
}): Promise<CompletedLogin & { userId: number }> {
  await assertLoginNotThrottled(opts.client.ip);
  const email = opts.email.trim().toLowerCase();
  // An address that cannot be stored cannot belong to an account: refused like an unknown one.
  const user =
    email && isAcceptableText(email)
      ? await db.user.findUnique({
          where: { email },
          select: { id: true, passwordHash: true, isActive: true, deletedAt: true, emailVerifiedAt: true },
        })
      : null;
  // The account whose password matched; every other outcome is a counted failure.
  const account = await oneCheckAtATime(email, async () => {
    await assertAccountNotSlowed(email);
    const matches = await verifyPassword(opts.password, user?.passwordHash ?? (await dummy()));
    const usable = user && user.isActive && !user.deletedAt;
    if (usable && user.passwordHash && matches)
      return { id: user.id, passwordHash: user.passwordHash, emailVerifiedAt: user.emailVerifiedAt };
    const reason = !usable ? "unknown" : !user.passwordHash ? "no_password" : "wrong";
    await recordLoginFailure({
      ip: opts.client.ip,
      entryPoint: "password",
      reason,
      userId: usable ? user.id : null,
      account: email,
      now: opts.now,
    });
    throw new LoginRefusedError();
  });
  if (!account.emailVerifiedAt) throw new AddressNotVerifiedError();
  await upgradePasswordHash({ userId: account.id, password: opts.password, verifiedHash: account.passwordHash });
  return { ...(await completeLogin({ userId: account.id, method: "password", client: opts.client, now: opts.now })), userId: account.id };
}
