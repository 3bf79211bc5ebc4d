import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { createLoginLink } from "@/lib/domains/accounts/login-links";
import { passkeyAuthenticationOptionsForUser } from "@/lib/domains/accounts/passkeys";
import { newAuthenticator, registerWith } from "@/tests/passkey-fixtures";
import { hashPassword } from "@/lib/domains/accounts/passwords/hash";
import { seedTotpUser, seedUserWithRandomId } from "@/tests/two-factor-fixtures";
import { getAuthOptions } from "@/lib/domains/auth/next-auth/options";
import { db } from "@/lib/core/db/client";
import { uniqueClientIp } from "@/tests/client-addresses";
import { withLimits } from "@/tests/limits";
import { signOut, useSessionToken, withPageSession } from "@/tests/page-session";
import { resolveSessionToken } from "../sessions/resolve-session";
import { completeLogin } from "./login-completion";
import { signInWithLoginLink } from "./login-link-login";
import { signInWithPassword } from "./password-login";
import { passPasskeyChallenge } from "./second-factor-challenge";

// A thief with a staff member's password or mailbox, whose strong factor is a passkey: the
// password, the login link or the third-party login alone never completes a staff session;
// the challenge asks for the passkey. The entry point runs as next-auth's provider, the
// challenge page and its actions behind the real session cookie.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
withPageSession();

const PASSWORD = "correct horse battery staple";
const client = () => ({ ip: uniqueClientIp(), userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0" });
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "answered",
    (e: { digest?: string }) => e.digest ?? String(e),
  );

async function staffWithPasskey(staffRole: "admin" | "super_admin" = "super_admin") {
  const user = await seedUserWithRandomId({ staffRole, passwordHash: await hashPassword(PASSWORD) });
  const authenticator = newAuthenticator();
  await registerWith(user.id, authenticator);
  return { user, authenticator };
}

/** next-auth's credentials provider `password`, as the sign-in form's POST reaches it. */
async function passwordProvider(email: string, password: string): Promise<string> {
  type Credentials = {
    options: {
      id: string;
      authorize: (c: Record<string, string>, req: { headers: Record<string, string> }) => Promise<{ sessionToken: string }>;
    };
  };
  const provider = (getAuthOptions().providers as unknown as Credentials[]).find((p) => p.options?.id === "password")!;
  const signedIn = await provider.options.authorize({ email, password }, { headers: { "x-forwarded-for": uniqueClientIp() } });
  return signedIn.sessionToken;
}

describe("the staff second factor at sign-in", () => {
  it("leaves a password sign-in of staff with a passkey pending: no session, only the challenge", async () => {
    const { user } = await staffWithPasskey();
    const result = await signInWithPassword({ email: user.email, password: PASSWORD, client: client() });
    expect(result.twoFactorPending).toBe(true);
    const pending = (await resolveSessionToken(result.token))!;
    expect(pending.session).toMatchObject({ twoFactorPending: true, strongAuthAt: null });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).lastLoginAt).toBeNull();
    expect(await db.loginHistory.count({ where: { userId: user.id, event: "login_succeeded" } })).toBe(0);
  });

  it("with the emergency switch off (AUTH_REQUIRE_STRONG_ADMIN=false), does not ask staff for the passkey they may have lost; TOTP is still asked", async () => {
    const { user } = await staffWithPasskey();
    const totp = await seedTotpUser({ staffRole: "admin", passwordHash: await hashPassword(PASSWORD) });
    await withLimits({ AUTH_REQUIRE_STRONG_ADMIN: "false" }, async () => {
      const result = await signInWithPassword({ email: user.email, password: PASSWORD, client: client() });
      expect(result.twoFactorPending).toBe(false);
      expect((await resolveSessionToken(result.token))!.session.twoFactorPending).toBe(false);
      expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).lastLoginAt).not.toBeNull();
      expect((await signInWithPassword({ email: totp.user.email, password: PASSWORD, client: client() })).twoFactorPending).toBe(true);
    });
  });

  it("leaves a login link or third-party sign-in of staff with a passkey pending too", async () => {
    const { user } = await staffWithPasskey("admin");
    const link = await createLoginLink({ email: user.email, userId: user.id, purpose: "login" });
    expect((await signInWithLoginLink({ token: link.token, client: client() })).twoFactorPending).toBe(true);
    expect((await completeLogin({ userId: user.id, method: "third_party", client: client() })).twoFactorPending).toBe(true);
  });

  it("asks customers with a passkey nothing more, and staff without any strong factor can still set one up", async () => {
    const customer = await seedUserWithRandomId({ passwordHash: await hashPassword(PASSWORD) });
    await registerWith(customer.id, newAuthenticator());
    expect((await signInWithPassword({ email: customer.email, password: PASSWORD, client: client() })).twoFactorPending).toBe(false);
    const fresh = await seedUserWithRandomId({ staffRole: "admin", passwordHash: await hashPassword(PASSWORD) });
    expect((await signInWithPassword({ email: fresh.email, password: PASSWORD, client: client() })).twoFactorPending).toBe(false);
    const { user: totpStaff } = await seedTotpUser({ staffRole: "admin", passwordHash: await hashPassword(PASSWORD) });
    expect((await signInWithPassword({ email: totpStaff.email, password: PASSWORD, client: client() })).twoFactorPending).toBe(true);
  });

  it("passes the challenge with the account's own passkey only, and then confirms the session for the admin area", async () => {
    const { user, authenticator } = await staffWithPasskey();
    const other = await staffWithPasskey();
    const { token } = await signInWithPassword({ email: user.email, password: PASSWORD, client: client() });
    const { session } = (await resolveSessionToken(token))!;

    // Another account's passkey, answering this account's request: refused and recorded.
    const foreign = await passkeyAuthenticationOptionsForUser(user.id);
    expect(
      await passPasskeyChallenge({
        userId: user.id,
        session,
        handle: foreign.handle,
        response: other.authenticator.authenticate(foreign.options),
        client: client(),
      }),
    ).toBe("wrong");
    expect(await db.loginHistory.count({ where: { userId: user.id, event: "two_factor_failed", method: "passkey" } })).toBe(1);
    expect((await resolveSessionToken(token))!.session.twoFactorPending).toBe(true);

    const own = await passkeyAuthenticationOptionsForUser(user.id);
    expect(
      await passPasskeyChallenge({
        userId: user.id,
        session,
        handle: own.handle,
        response: authenticator.authenticate(own.options),
        client: client(),
      }),
    ).toBe("passed");
    expect((await resolveSessionToken(token))!.session).toMatchObject({ twoFactorPending: false, strongAuthAt: expect.any(Date) });
    expect(await db.loginHistory.count({ where: { userId: user.id, event: "login_succeeded", method: "password" } })).toBe(1);
  });

  it("through the doors: the password provider gives a pending session, the dashboard and admin area send it to the challenge, the passkey completes it", async () => {
    const { user, authenticator } = await staffWithPasskey();
    const token = await passwordProvider(user.email, PASSWORD);
    await useSessionToken(token);

    const dashboard = async () => (await import("@/app/hub/dashboard/security/page")).default();
    const admin = async () => (await import("@/app/hub/admin/users/page")).default({ searchParams: Promise.resolve({}) } as never);
    expect(await outcome(dashboard())).toMatch(/^NEXT_REDIRECT;.*\/login\/challenge;/);
    expect(await outcome(admin())).toMatch(/^NEXT_REDIRECT;.*\/login\/challenge;/);

    const page = renderToStaticMarkup((await (await import("@/app/hub/login/challenge/page")).default()) as never);
    expect(page).toContain("Mit Passkey bestätigen");
    // No app is set up: the code form is not offered.
    expect(page).not.toContain("Code aus der Authenticator-App");

    const actions = await import("@/app/hub/login/actions");
    const started = await actions.startPasskeyChallenge();
    if (!("handle" in started)) throw new Error(`no passkey request: ${started.message}`);
    expect(await outcome(actions.answerChallengeWithPasskey(started.handle, authenticator.authenticate(started.options)))).toMatch(
      /^NEXT_REDIRECT;replace;\/admin;/,
    );
    expect((await resolveSessionToken(token))!.session).toMatchObject({ twoFactorPending: false, strongAuthAt: expect.any(Date) });
    signOut();
  });
});
