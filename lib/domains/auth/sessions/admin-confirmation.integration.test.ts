import { describe, expect, it } from "vitest";
import { passkeyAuthenticationOptions, passkeyAuthenticationOptionsForUser } from "@/lib/domains/accounts/passkeys";
import { db } from "@/lib/core/db/client";
import { newAuthenticator, registerWith } from "@/tests/passkey-fixtures";
import { codeAt, seedTotpUser, seedUserWithRandomId, wrongCodeAt } from "@/tests/two-factor-fixtures";
import { confirmAdminSessionWithCode, confirmAdminSessionWithPasskey, ForeignPasskeyError } from "./admin-confirmation";
import { openSession } from "./start-session";

// /admin/confirm (spec 5.5) decided by the domain: a staff session is confirmed for the admin
// area only by a strong factor of its own account. Called directly as the attacker: another
// staff member's passkey, a wrong app code, or a session of someone else confirms nothing.

const client = { ip: "198.51.100.30" };

async function staffWithPasskey() {
  const user = await seedUserWithRandomId({ staffRole: "admin", permissions: ["users:manage"] });
  const authenticator = newAuthenticator();
  await registerWith(user.id, authenticator);
  const { sessionId } = await openSession({ userId: user.id, method: "password", twoFactorPending: false, strongAuth: false, client });
  return { user, authenticator, sessionId };
}

const strongAuthAt = async (sessionId: number) =>
  (await db.session.findUniqueOrThrow({ where: { id: sessionId }, select: { strongAuthAt: true } })).strongAuthAt;

describe("confirmAdminSessionWithPasskey", () => {
  it("refuses another account's passkey (ForeignPasskeyError) and leaves the session unconfirmed; the account's own passkey confirms it", async () => {
    const staff = await staffWithPasskey();
    const other = await staffWithPasskey();
    // Another staff member's passkey answering a sign-in request that names no account.
    const open = await passkeyAuthenticationOptions();
    const attempt = confirmAdminSessionWithPasskey({
      userId: staff.user.id,
      sessionId: staff.sessionId,
      handle: open.handle,
      response: other.authenticator.authenticate(open.options),
    });
    await expect(attempt).rejects.toBeInstanceOf(ForeignPasskeyError);
    await expect(attempt).rejects.toMatchObject({ code: "forbidden", details: { reason: "foreign_passkey" } });
    expect(await strongAuthAt(staff.sessionId)).toBeNull();

    const own = await passkeyAuthenticationOptionsForUser(staff.user.id);
    await confirmAdminSessionWithPasskey({
      userId: staff.user.id,
      sessionId: staff.sessionId,
      handle: own.handle,
      response: staff.authenticator.authenticate(own.options),
    });
    expect(await strongAuthAt(staff.sessionId)).toEqual(expect.any(Date));
    expect(await strongAuthAt(other.sessionId)).toBeNull();
  });

  it("marks only the account's own session: the passkey of one account does not confirm another account's session", async () => {
    const staff = await staffWithPasskey();
    const victim = await staffWithPasskey();
    const own = await passkeyAuthenticationOptionsForUser(staff.user.id);
    await confirmAdminSessionWithPasskey({
      userId: staff.user.id,
      sessionId: victim.sessionId,
      handle: own.handle,
      response: staff.authenticator.authenticate(own.options),
    });
    expect(await strongAuthAt(victim.sessionId)).toBeNull();
  });
});

describe("confirmAdminSessionWithCode", () => {
  it("confirms the session only with a right app code of its own account", async () => {
    const { user, secret } = await seedTotpUser({ staffRole: "admin", permissions: ["users:manage"] });
    const { sessionId } = await openSession({ userId: user.id, method: "password", twoFactorPending: false, strongAuth: false, client });
    const now = new Date();
    expect(await confirmAdminSessionWithCode({ userId: user.id, sessionId, input: await wrongCodeAt(secret, now), now })).toMatchObject({
      ok: false,
      reason: "invalid",
    });
    expect(await strongAuthAt(sessionId)).toBeNull();
    // Staff without an app: nothing to check, nothing confirmed.
    const plain = await seedUserWithRandomId({ staffRole: "admin" });
    const { sessionId: plainSession } = await openSession({
      userId: plain.id,
      method: "password",
      twoFactorPending: false,
      strongAuth: false,
      client,
    });
    expect(await confirmAdminSessionWithCode({ userId: plain.id, sessionId: plainSession, input: await codeAt(secret, now), now })).toEqual(
      { ok: false, reason: "not_enabled" },
    );
    expect(await strongAuthAt(plainSession)).toBeNull();

    expect(await confirmAdminSessionWithCode({ userId: user.id, sessionId, input: await codeAt(secret, now), now })).toMatchObject({
      ok: true,
    });
    expect(await strongAuthAt(sessionId)).toEqual(now);
  });
});
