import { verifyAccountAddress } from "@/lib/domains/accounts/address-verification/verify-account-address";
import { LoginLinkInvalidError, redeemLoginLink, type RedeemedLoginLink } from "@/lib/domains/accounts/login-links";
import { hashBinding } from "@/lib/domains/accounts/login-links/browser-session-binding";
import { completeAccountLink } from "@/lib/domains/accounts/third-party";
import { acceptInvitation } from "@/lib/domains/companies/team/accept-invitation";
import { joinAfterRegistration } from "@/lib/domains/companies/team/join-after-registration";
import { TeamRefusedError } from "@/lib/domains/companies/team/refusals";
import { AppError } from "@/lib/core/errors/errors";
import { db } from "@/lib/core/db/client";
import type { ClientContext } from "../sessions/start-session";
import { completeLogin, type CompletedLogin } from "./login-completion";
import { LoginRefusedError } from "./login-errors";
import { assertLoginNotThrottled, recordLoginFailure } from "@/lib/domains/accounts/passwords/login-failures";

/** A registration's confirmation link, opened in the browser the registration came from. */
function isRegistrationConfirmedWhereStarted(link: RedeemedLoginLink, browserSessionBinding: string | null | undefined): boolean {
  const registeredIn = (link.payload as { registeredIn?: unknown } | null)?.registeredIn;
  return link.source === "registration" && typeof registeredIn === "string" && registeredIn === hashBinding(browserSessionBinding);
}

/**
 * Sign-in by login link (purpose login; an image_confirmation link never signs in, see
 * lib/domains/images/confirmation-link). Redeeming proves the mailbox,
 * so an unverified address counts as verified from here on, and what was set on the open
 * account before is discarded (verifyAccountAddress). An account_link confirmation
 * (spec 5.9) is redeemed here too, only in the browser that asked for it, and signs in as a
 * third-party login.
 */
export async function signInWithLoginLink(opts: {
  token: string;
  client: ClientContext;
  browserSessionBinding?: string | null;
  now?: Date;
}): Promise<CompletedLogin & { userId: number }> {
  await assertLoginNotThrottled(opts.client.ip);
  let link;
  try {
    link = await redeemLoginLink({
      token: opts.token,
      purpose: ["login", "account_link"],
      browserSessionBinding: opts.browserSessionBinding ?? null,
      now: opts.now,
    });
    if (link.purpose === "account_link") {
      const { userId } = await completeAccountLink(link, { now: opts.now });
      return { ...(await completeLogin({ userId, method: "third_party", client: opts.client, now: opts.now })), userId };
    }
  } catch (err) {
    if (err instanceof AppError && link?.purpose === "account_link") throw new LoginRefusedError();
    if (!(err instanceof LoginLinkInvalidError)) throw err;
    await recordLoginFailure({
      ip: opts.client.ip,
      entryPoint: "login_link",
      reason: err.reason === "unknown" ? "unknown" : "wrong",
      now: opts.now,
    });
    throw new LoginRefusedError();
  }
  return signInLinkAccount({
    userId: link.userId,
    email: link.email,
    keepRegistrationPassword: isRegistrationConfirmedWhereStarted(link, opts.browserSessionBinding),
    client: opts.client,
    now: opts.now,
    ...(link.source === "registration" ? { registrationPayload: link.payload } : {}),
  });
}

/**
 * The tail both link sign-ins share: the account the link went to, a proven mailbox, LoginCompletion.
 * A registration made from an invitation joins the invited newsroom here, once its mailbox is proven.
 */
async function signInLinkAccount(opts: {
  userId: number | null;
  email: string;
  keepRegistrationPassword: boolean;
  client: ClientContext;
  now?: Date;
  registrationPayload?: unknown;
}): Promise<CompletedLogin & { userId: number }> {
  const user = opts.userId
    ? await db.user.findUnique({
        where: { id: opts.userId },
        select: { id: true, email: true, isActive: true, deletedAt: true, emailVerifiedAt: true },
      })
    : null;
  // The link went to the address the account had then; a changed address voids it.
  if (!user || !user.isActive || user.deletedAt || user.email !== opts.email) {
    await recordLoginFailure({ ip: opts.client.ip, entryPoint: "login_link", reason: "unknown", userId: user?.id, now: opts.now });
    throw new LoginRefusedError();
  }
  // The first redeemed link proves the mailbox: whatever an earlier registrant set goes, but for
  // the password of a registration confirmed in the very browser that registered.
  if (!user.emailVerifiedAt) {
    await db.$transaction((tx) =>
      verifyAccountAddress(tx, user.id, opts.now ?? new Date(), { keepRegistrationPassword: opts.keepRegistrationPassword }),
    );
  }
  if (opts.registrationPayload !== undefined)
    await joinAfterRegistration({ payload: opts.registrationPayload, email: user.email, now: opts.now });
  return { ...(await completeLogin({ userId: user.id, method: "login_link", client: opts.client, now: opts.now })), userId: user.id };
}

/**
 * Sign-in by an invitation link (purpose invitation), from the invitation page's button:
 * acceptInvitation redeems the link and joins the newsroom, then the invited account signs in
 * exactly as by a login link (the link proved its mailbox).
 */
export async function signInWithInvitation(opts: {
  token: string;
  client: ClientContext;
  now?: Date;
}): Promise<CompletedLogin & { userId: number; companyId: number }> {
  await assertLoginNotThrottled(opts.client.ip);
  let accepted;
  try {
    accepted = await acceptInvitation({ token: opts.token, now: opts.now });
  } catch (err) {
    if (!(err instanceof TeamRefusedError)) throw err;
    // A dead link counts like a dead login link; the other refusals are no guess at a token.
    if (err.reason === "invitation_invalid")
      await recordLoginFailure({ ip: opts.client.ip, entryPoint: "login_link", reason: "unknown", now: opts.now });
    throw new LoginRefusedError();
  }
  const signedIn = await signInLinkAccount({
    userId: accepted.userId,
    email: accepted.email,
    keepRegistrationPassword: false,
    client: opts.client,
    now: opts.now,
  });
  return { ...signedIn, companyId: accepted.companyId };
}
