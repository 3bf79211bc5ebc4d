import { describe, expect, it } from "vitest";
import { cancelEmailChange, requestEmailChange } from "@/lib/domains/accounts/email-change";
import { passkeyProofOptions, proveIdentity, sendEmailProofCode, sessionProofKinds } from "@/lib/domains/accounts/identity-proof";
import { emailCodeCacheKey } from "@/lib/domains/accounts/identity-proof/email-code";
import { passkeyProofHandleKey } from "@/lib/domains/accounts/identity-proof/passkey-proof";
import { deletePasskey, passkeyRegistrationOptions, registerPasskey, renamePasskey } from "@/lib/domains/accounts/passkeys";
import { registrationChallengeKey } from "@/lib/domains/accounts/passkeys/registration-options";
import { changePassword } from "@/lib/domains/accounts/passwords/change-password";
import { beginTotpSetup, confirmTotpSetup, disableTotp, renewRecoveryCodes } from "@/lib/domains/accounts/two-factor";
import { createApiToken, revokeApiToken } from "@/lib/domains/api-tokens/tokens";
import { CustomerOnlyActionError } from "@/lib/core/errors/customer-acting";
import { signOutOtherDevices } from "@/lib/domains/auth/sessions/sign-out-other-devices";
import { openSession } from "@/lib/domains/auth/sessions/start-session";
import { getCacheStore, getDisposableStore } from "@/lib/core/cache/store";
import { db } from "@/lib/core/db/client";
import { seedUser, unique } from "./factories";
import { PASSWORD, seedAccount } from "./identity-proof-fixtures";

// Staff acting as the customer (support access, spec 6.1) call the security functions directly,
// with the customer's session as `acting`: password, passkeys, two-factor, e-mail address, API
// tokens, signing out other devices and the identity proofs those need are the customer's alone
// (spec 5.3). Each function refuses before it reads a proof or a code, so nothing changes and
// nothing of the customer's is spent: no recovery code, no mailed code, no challenge. The
// customer in person gets through with the same calls.

const SECURITY =
  "Im Support-Zugang lassen sich Passwort, Passkeys, Zwei-Faktor-Anmeldung, E-Mail-Adresse, API-Tokens und Anmeldungen nicht ändern.";
const refused = {
  name: "CustomerOnlyActionError",
  code: "forbidden",
  status: 403,
  message: SECURITY,
  details: { reason: "impersonation", action: "security" },
};

/** A customer with password, app, recovery codes, a passkey, an API token and a second device; support acting in the customer's session. */
async function accountUnderSupport() {
  const account = await seedAccount({ password: true, totp: true, passkey: true }, { emailVerifiedAt: new Date() });
  const userId = account.user.id;
  const { token: _plain, ...token } = await createApiToken({ userId, name: "CMS", identityConfirmedAt: new Date() });
  const otherDevice = await openSession({
    userId,
    method: "password",
    twoFactorPending: false,
    strongAuth: false,
    client: { ip: "198.51.100.20" },
  });
  const staff = await seedUser({ staffRole: "admin", permissions: ["users:manage"] });
  const support = await openSession({
    userId,
    method: "impersonation",
    twoFactorPending: false,
    strongAuth: false,
    client: { ip: "198.51.100.21" },
    impersonatorUserId: staff.id,
  });
  const supportSession = await db.session.findUniqueOrThrow({
    where: { id: support.sessionId },
    select: { id: true, impersonatorUserId: true },
  });
  const passkey = await db.passkey.findFirstOrThrow({ where: { userId } });
  return { ...account, userId, tokenId: token.id, passkeyId: passkey.id, otherDevice, supportSession };
}

/** Everything a security change or an identity proof could touch. */
async function securityWorld(userId: number, email: string) {
  return {
    user: await db.user.findUniqueOrThrow({
      where: { id: userId },
      select: {
        email: true,
        passwordHash: true,
        pendingEmail: true,
        pendingEmailTokenHash: true,
        rememberToken: true,
        totpSecretEncrypted: true,
        totpConfirmedAt: true,
        totpSetupStartedAt: true,
      },
    }),
    recoveryCodes: await db.twoFactorRecoveryCode.findMany({
      where: { userId },
      select: { id: true, consumedAt: true },
      orderBy: { id: "asc" },
    }),
    passkeys: await db.passkey.findMany({ where: { userId }, select: { id: true, name: true, counter: true }, orderBy: { id: "asc" } }),
    tokens: await db.apiToken.findMany({ where: { userId }, select: { id: true, name: true }, orderBy: { id: "asc" } }),
    sessions: await db.session.findMany({ where: { userId }, select: { id: true }, orderBy: { id: "asc" } }),
    mails: await db.mailOutbox.count({ where: { to: email } }),
    emailCode: await getCacheStore().get(emailCodeCacheKey(userId)),
    passkeyProofHandle: await getCacheStore().get(passkeyProofHandleKey(userId)),
    registrationChallenge: await getDisposableStore().get(registrationChallengeKey(userId)),
  };
}

describe("the security functions called by staff acting as the customer", () => {
  it("refuse every change and every identity proof before a proof or code is read; nothing changes and nothing is spent", async () => {
    const { userId, user, recoveryCodes, tokenId, passkeyId, supportSession: acting } = await accountUnderSupport();
    const before = await securityWorld(userId, user.email);
    const freshProof = { identityProvedAt: new Date(), identityProofKind: "app_code" };
    const attempts: [string, () => Promise<unknown>][] = [
      ["sessionProofKinds", () => sessionProofKinds(userId, "api_token", { acting })],
      ["proveIdentity (password)", () => proveIdentity(userId, "api_token", { kind: "password", password: PASSWORD }, { acting })],
      [
        "proveIdentity (recovery code)",
        () => proveIdentity(userId, "email_change", { kind: "recovery_code", code: recoveryCodes[0]! }, { acting }),
      ],
      ["sendEmailProofCode", () => sendEmailProofCode(userId, { acting })],
      ["passkeyProofOptions", () => passkeyProofOptions(userId, { acting })],
      [
        "changePassword",
        () =>
          changePassword({
            userId,
            currentSessionId: acting.id,
            currentPassword: PASSWORD,
            newPassword: "a new passphrase of support staff",
            acting,
          }),
      ],
      ["beginTotpSetup", () => beginTotpSetup(userId, { acting })],
      ["confirmTotpSetup", () => confirmTotpSetup(userId, "123456", { proof: freshProof, acting })],
      ["disableTotp", () => disableTotp(userId, recoveryCodes[1]!, { acting })],
      ["renewRecoveryCodes", () => renewRecoveryCodes(userId, recoveryCodes[2]!, { acting })],
      ["passkeyRegistrationOptions", () => passkeyRegistrationOptions(userId, { acting })],
      ["registerPasskey", () => registerPasskey(userId, {} as never, "Support", { proof: freshProof, acting })],
      ["renamePasskey", () => renamePasskey(userId, passkeyId, "Support", { acting })],
      ["deletePasskey", () => deletePasskey(userId, passkeyId, { proof: freshProof, acting })],
      ["requestEmailChange", () => requestEmailChange({ userId, newEmail: `${unique("takeover")}@example.com`, acting })],
      ["cancelEmailChange", () => cancelEmailChange(userId, { acting })],
      ["createApiToken", () => createApiToken({ userId, name: "support token", identityConfirmedAt: new Date(), acting })],
      ["revokeApiToken", () => revokeApiToken(userId, tokenId, { acting })],
      ["signOutOtherDevices", () => signOutOtherDevices(userId, acting)],
    ];
    for (const [name, attempt] of attempts) {
      const error = await attempt().then(
        () => null,
        (err: unknown) => err,
      );
      expect(error, name).toBeInstanceOf(CustomerOnlyActionError);
      expect(error, name).toMatchObject(refused);
    }
    expect(await securityWorld(userId, user.email)).toEqual(before);
    expect(before.recoveryCodes.every((c) => c.consumedAt === null)).toBe(true);
  });

  it("let the customer in person make the same changes", async () => {
    const { userId, user, recoveryCodes, tokenId, passkeyId } = await accountUnderSupport();
    const inPerson = { impersonatorUserId: null };
    expect(
      await proveIdentity(userId, "email_change", { kind: "recovery_code", code: recoveryCodes[0]! }, { acting: inPerson }),
    ).toMatchObject({ kind: "recovery_code" });
    await renamePasskey(userId, passkeyId, "Arbeitsrechner", { acting: inPerson });
    await revokeApiToken(userId, tokenId, { acting: inPerson });
    expect((await requestEmailChange({ userId, newEmail: `${unique("neu")}@example.com`, acting: inPerson })).pendingEmail).toMatch(
      /@example\.com$/,
    );
    const after = await securityWorld(userId, user.email);
    expect(after.passkeys.map((p) => p.name)).toEqual(["Arbeitsrechner"]);
    expect(after.tokens).toEqual([]);
    expect(after.user.pendingEmail).not.toBeNull();
  });
});
