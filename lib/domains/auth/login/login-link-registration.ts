import { verifyAccountAddress } from "@/lib/domains/accounts/address-verification/verify-account-address";
import { LoginLinkInvalidError, redeemLoginLink } from "@/lib/domains/accounts/login-links";
import { registerThroughLoginLink, registrationDetails } from "@/lib/domains/auth/registration/register-through-login-link";
import { db } from "@/lib/core/db/client";
import type { ClientContext } from "../sessions/start-session";
import { completeLogin, type CompletedLogin } from "./login-completion";
import { LoginRefusedError } from "./login-errors";
import { assertLoginNotThrottled, recordLoginFailure } from "@/lib/domains/accounts/passwords/login-failures";

/** The name or the acceptance is missing on the registration link's page; the link is not spent. */
export class RegistrationDetailsError extends Error {
  override name = "RegistrationDetailsError";
  constructor() {
    super("The registration details are incomplete.");
  }
}

/**
 * Sign-up by a registration link (purpose registration, spec 6.1): the details are checked, the
 * link is redeemed once, the account created as confirmed (registerThroughLoginLink), and the
 * session opened by LoginCompletion with path `login_link`. If an account for the address
 * appeared meanwhile, the link signs in to it like a login link: its mailbox is proven now.
 */
export async function signUpWithLoginLink(opts: {
  token: string;
  name: unknown;
  acceptTerms: unknown;
  client: ClientContext;
  now?: Date;
}): Promise<CompletedLogin & { userId: number; registered: boolean }> {
  await assertLoginNotThrottled(opts.client.ip);
  const details = registrationDetails({ name: opts.name, acceptTerms: opts.acceptTerms });
  if (!details) throw new RegistrationDetailsError();
  let link;
  try {
    link = await redeemLoginLink({ token: opts.token, purpose: "registration", now: opts.now });
  } catch (err) {
    if (!(err instanceof LoginLinkInvalidError)) throw err;
    await recordLoginFailure({
      ip: opts.client.ip,
      entryPoint: "login_link",
      reason: err.reason === "unknown" ? "unknown" : "wrong",
      now: opts.now,
    });
    throw new LoginRefusedError();
  }
  const now = opts.now ?? new Date();
  const { userId, registered } = await registerThroughLoginLink({ email: link.email, name: details.name, ip: opts.client.ip, now });
  if (!registered) {
    const user = await db.user.findUnique({ where: { id: userId }, select: { isActive: true, deletedAt: true, emailVerifiedAt: true } });
    if (!user || !user.isActive || user.deletedAt) {
      await recordLoginFailure({ ip: opts.client.ip, entryPoint: "login_link", reason: "unknown", userId, now: opts.now });
      throw new LoginRefusedError();
    }
    // Whatever a registrant of the address set before is discarded: this link proved the mailbox.
    if (!user.emailVerifiedAt) await db.$transaction((tx) => verifyAccountAddress(tx, userId, now, { keepRegistrationPassword: false }));
  }
  return { ...(await completeLogin({ userId, method: "login_link", client: opts.client, now: opts.now })), userId, registered };
}
