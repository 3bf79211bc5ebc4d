import { describe, expect, it } from "vitest";
import { confirmEmailChange } from "@/lib/domains/accounts/email-change";
import { createLoginLink, hashLinkToken, newLinkToken } from "@/lib/domains/accounts/login-links";
import { passkeyAuthenticationOptions } from "@/lib/domains/accounts/passkeys";
import { hashPassword } from "@/lib/domains/accounts/passwords/hash";
import { registerAccount } from "@/lib/domains/auth/registration/register-account";
import { AddressNotVerifiedError } from "@/lib/domains/auth/login/login-errors";
import { signInWithLoginLink } from "@/lib/domains/auth/login/login-link-login";
import { signInWithPasskey } from "@/lib/domains/auth/login/passkey-login";
import { signInWithPassword } from "@/lib/domains/auth/login/password-login";
import { db } from "@/lib/core/db/client";
import { createApiToken } from "@/lib/domains/api-tokens/tokens";
import { resolveSessionToken } from "@/lib/domains/auth/sessions/resolve-session";
import { newSessionToken, sessionTokenHash } from "@/lib/domains/auth/sessions/session-token";
import { send } from "./api-client";
import { seedUser, unique } from "./factories";
import { expectOpenCredentialsDiscarded, seedOpenAccount } from "./open-account";
import { uniqueClientIp } from "@/tests/client-addresses";

// Pre-claimed accounts (ASVS V6): someone registers an address they do not own and waits. No
// password or passkey signs in before the address is confirmed, and the first confirmation, on
// every path, leaves the owner an account without anything the registrant set.

const PASSWORD = "the squatter's own passphrase";
const client = () => ({ ip: uniqueClientIp(), userAgent: "test" });

describe("an open account (address never confirmed)", () => {
  it("takes no password and no passkey sign-in, even with the right credentials", async () => {
    const { user, authenticator } = await seedOpenAccount(`${unique("owner")}@example.com`, { passwordHash: await hashPassword(PASSWORD) });
    await expect(signInWithPassword({ email: user.email, password: PASSWORD, client: client() })).rejects.toBeInstanceOf(
      AddressNotVerifiedError,
    );
    const { handle, options } = await passkeyAuthenticationOptions();
    await expect(signInWithPasskey({ handle, response: authenticator.authenticate(options), client: client() })).rejects.toBeInstanceOf(
      AddressNotVerifiedError,
    );
    // Nothing was started for the squatter.
    expect(await db.session.count({ where: { userId: user.id } })).toBe(1);
  });

  it("gives a session or API token it got before this rule nothing: the squatter's cookie and token are void", async () => {
    const { user } = await seedOpenAccount(`${unique("owner")}@example.com`);
    const cookie = newSessionToken();
    await db.session.create({
      data: { userId: user.id, sessionTokenHash: sessionTokenHash(cookie), expiresAt: new Date(Date.now() + 86_400_000) },
    });
    expect(await resolveSessionToken(cookie)).toBeNull();
    const { token } = await createApiToken({ userId: user.id, name: "squatter's CMS", identityConfirmedAt: new Date() });
    const res = await send("GET", "/api/v1/releases", { token, headers: { "x-forwarded-for": client().ip } });
    expect(res.status).toBe(401);
    // Staff acting as the customer still may (support for someone who cannot confirm yet).
    const staffCookie = newSessionToken();
    const admin = await seedUser({ staffRole: "admin", permissions: ["users:manage"] });
    const adminSession = await db.session.create({
      data: { userId: admin.id, sessionTokenHash: sessionTokenHash(newSessionToken()), expiresAt: new Date(Date.now() + 86_400_000) },
    });
    await db.session.create({
      data: {
        userId: user.id,
        sessionTokenHash: sessionTokenHash(staffCookie),
        expiresAt: new Date(Date.now() + 86_400_000),
        impersonatorUserId: admin.id,
        impersonatorSessionId: adminSession.id,
      },
    });
    expect(await resolveSessionToken(staffCookie)).toMatchObject({ user: { id: user.id } });
  });

  it("is cleared by the owner's first login link: password, passkeys, second factor, codes, tokens, sessions and pending change", async () => {
    const { user } = await seedOpenAccount(`${unique("owner")}@example.com`);
    // The owner registers too: the address has an account, so a notice with a login link goes out.
    await registerAccount({ name: "Owner", email: user.email, password: "the owner's passphrase", acceptTerms: true, ip: "198.51.100.4" });
    const link = await createLoginLink({ email: user.email, userId: user.id, purpose: "login" });
    const signedIn = await signInWithLoginLink({ token: link.token, client: client() });
    expect(signedIn.userId).toBe(user.id);
    const current = await db.session.findFirstOrThrow({ where: { userId: user.id }, orderBy: { id: "desc" } });
    await expectOpenCredentialsDiscarded(user.id, [current.id]);
    expect(await db.activityLog.findFirstOrThrow({ where: { type: "user.address_verified", actorUserId: user.id } })).toMatchObject({
      metadata: { discarded: { apiTokens: 1, passkeys: 1, recoveryCodes: 1, sessions: 1 } },
    });
  });

  it("is cleared when an address change of it is confirmed", async () => {
    const { user } = await seedOpenAccount(`${unique("owner")}@example.com`);
    // Written directly: an open account has no session to ask for a change through the page.
    const token = newLinkToken();
    const newEmail = `${unique("new")}@example.com`;
    await db.user.update({
      where: { id: user.id },
      data: {
        pendingEmail: newEmail,
        pendingEmailTokenHash: hashLinkToken(token),
        pendingEmailExpiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    await confirmEmailChange({ token });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(newEmail);
    await expectOpenCredentialsDiscarded(user.id);
  });

  it("leaves a confirmed account alone on a later login link", async () => {
    const { user } = await seedOpenAccount(`${unique("owner")}@example.com`);
    await db.user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
    const link = await createLoginLink({ email: user.email, userId: user.id, purpose: "login" });
    await signInWithLoginLink({ token: link.token, client: client() });
    expect(await db.passkey.count({ where: { userId: user.id } })).toBe(1);
    expect(await db.apiToken.count({ where: { userId: user.id } })).toBe(1);
  });

  it("keeps the password a registrant chose only when the registration is confirmed in the browser that registered", async () => {
    const password = "a registrant's own passphrase";
    const register = async (browser: string) => {
      const email = `${unique("reg")}@example.com`;
      await registerAccount({ name: "Jana", email, password, acceptTerms: true, ip: "198.51.100.5", browserSessionBinding: browser });
      const mail = await db.mailOutbox.findFirstOrThrow({ where: { to: email, mailType: "registration_confirm" } });
      return { email, token: /\/login\/link\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]! };
    };
    const same = await register("browser-of-the-registrant-0123456789");
    await signInWithLoginLink({ token: same.token, client: client(), browserSessionBinding: "browser-of-the-registrant-0123456789" });
    await expect(signInWithPassword({ email: same.email, password, client: client() })).resolves.toMatchObject({
      userId: expect.any(Number),
    });

    // Opened anywhere else (the owner of a squatted address, or the registrant on another device):
    // the link signs in, the password set before goes.
    const elsewhere = await register("browser-of-the-registrant-0123456789");
    await signInWithLoginLink({ token: elsewhere.token, client: client(), browserSessionBinding: "another-browser-abcdefghijklmnopqrst" });
    expect((await db.user.findUniqueOrThrow({ where: { email: elsewhere.email } })).passwordHash).toBeNull();
  });
});

describe("the registration mail", () => {
  it("repeats of a typed-in name only its first 60 plain characters", async () => {
    const email = `${unique("victim")}@example.com`;
    const name = "Ihr Konto wird gesperrt: https://evil.example/login?x=1 <b>jetzt</b> bestätigen " + "x".repeat(100);
    // (Names keep their dots where names have them: "Dr. Carla Wendt".)
    await registerAccount({ name, email, password: "a long enough passphrase", acceptTerms: true, ip: "198.51.100.6" });
    const mail = await db.mailOutbox.findFirstOrThrow({ where: { to: email, mailType: "registration_confirm" } });
    expect(mail.text + mail.html).not.toMatch(/evil\.example|https:\/\/evil|<b>/);
    // The greeting line (the plain-text part opens with the layout's brand line).
    const greeting = mail.text.split("\n").find((line) => line.startsWith("Hallo"))!;
    expect(greeting).toMatch(/^Hallo Ihr Konto wird gesperrt https evil example login/);
    expect(greeting.length).toBeLessThanOrEqual("Hallo ,".length + 60);
  });
});
