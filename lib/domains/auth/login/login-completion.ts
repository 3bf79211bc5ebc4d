import { recordLoginHistory } from "@/lib/domains/activity/login-history";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { syncEmailRights } from "@/lib/domains/companies/email-rights-sync";
import { countPasskeys } from "@/lib/domains/accounts/passkeys/passkey-count";
import type { StaffRole } from "@/lib/domains/accounts/permissions";
import { db } from "@/lib/core/db/client";
import { openSession, type ClientContext, type LoginMethod } from "../sessions/start-session";
import { strongAdminRequired } from "../sessions/strong-confirmation";

export interface CompletedLogin {
  /** The raw session reference for the cookie. */
  token: string;
  sessionId: number;
  /** True: the session waits for the second-factor challenge (see needsSecondFactorChallenge). */
  twoFactorPending: boolean;
}

// A passkey with user verification is already two factors; the challenge would add nothing.
const NEEDS_CHALLENGE: ReadonlySet<LoginMethod> = new Set(["password", "login_link", "third_party"]);
const ACTIVITY_PATH: Record<LoginMethod, string> = {
  password: "password",
  login_link: "login_link",
  third_party: "third_party",
  passkey: "passkey",
  impersonation: "impersonation",
};

/**
 * Who is asked for a second factor after password, login link or third-party sign-in: every
 * account with confirmed TOTP (spec 5.9), and staff with any strong factor, a passkey too. A
 * staff session is the admin area's way in, so the password or the mailbox alone never opens one
 * when the account has something stronger. With AUTH_REQUIRE_STRONG_ADMIN off (the emergency
 * switch for a lost factor) staff are not asked for a passkey, as the admin area asks for none.
 */
export function needsSecondFactorChallenge(user: { staffRole: StaffRole; hasTotp: boolean; hasPasskey: boolean }): boolean {
  return user.hasTotp || (user.staffRole !== "user" && user.hasPasskey && strongAdminRequired());
}

export class LoginNotPossibleError extends Error {
  override name = "LoginNotPossibleError";
}

/**
 * LoginCompletion (spec 5.9): the one step after password, login link, passkey and third-party
 * sign-in. Opens the session; an account that needs the second-factor challenge goes there
 * first and completes there (`finishLogin`), everyone else completes now.
 */
export async function completeLogin(opts: {
  userId: number;
  method: LoginMethod;
  client: ClientContext;
  now?: Date;
}): Promise<CompletedLogin> {
  const now = opts.now ?? new Date();
  const user = await db.user.findUnique({
    where: { id: opts.userId },
    select: { isActive: true, deletedAt: true, totpConfirmedAt: true, staffRole: true },
  });
  if (!user || !user.isActive || user.deletedAt) throw new LoginNotPossibleError("This account is not active.");
  const twoFactorPending =
    NEEDS_CHALLENGE.has(opts.method) &&
    needsSecondFactorChallenge({
      staffRole: user.staffRole,
      hasTotp: user.totpConfirmedAt !== null,
      hasPasskey: (await countPasskeys(opts.userId)) > 0,
    });
  const session = await openSession({
    userId: opts.userId,
    method: opts.method,
    twoFactorPending,
    strongAuth: opts.method === "passkey",
    client: opts.client,
    now,
  });
  if (!twoFactorPending) await finishLogin({ userId: opts.userId, method: opts.method, client: opts.client, now });
  return { ...session, twoFactorPending };
}

/**
 * The completing half: last_login_at (also after the challenge, spec 2.1), the e-mail rights
 * sync, the login history and the activity log. History and activity are best-effort.
 */
export async function finishLogin(opts: { userId: number; method: LoginMethod; client: ClientContext; now?: Date }): Promise<void> {
  const now = opts.now ?? new Date();
  await db.user.update({ where: { id: opts.userId }, data: { lastLoginAt: now } });
  await syncEmailRights(opts.userId);
  await recordLoginHistory({
    userId: opts.userId,
    event: "login_succeeded",
    method: opts.method,
    entryPoint: opts.method,
    ip: opts.client.ip,
    createdAt: now,
  });
  await recordActivity({
    actorUserId: opts.userId,
    type: ACTIVITY.userLoggedIn,
    subjectType: "user",
    subjectId: opts.userId,
    path: ACTIVITY_PATH[opts.method],
  });
}
