import { describe, expect, it, vi } from "vitest";
import { sendEmailProofCode } from "@/lib/domains/accounts/identity-proof";
import { IdentityProofRefusedError } from "@/lib/domains/accounts/identity-proof/errors";
import { proveIdentity } from "@/lib/domains/accounts/identity-proof/prove-identity";
import { mailedCode, PASSWORD, seedAccount } from "@/tests/identity-proof-fixtures";
import { passkeyProofOptions } from "@/lib/domains/accounts/identity-proof/passkey-proof";
import { passkeyRegistrationOptions } from "@/lib/domains/accounts/passkeys";
import { newAuthenticator } from "@/tests/passkey-fixtures";
import { markIdentityProved } from "@/lib/domains/auth/session";
import { db } from "@/lib/core/db/client";
import { signInPasswordOnly, withPageSession } from "@/tests/page-session";

// The thief with the mailbox (and a session: a login link opens a customer's, a stolen cookie a
// staff member's) against an account that already has a passkey: the e-mail code, or the
// password, must not add a passkey or an authenticator app of the thief's beside it. The
// security page's actions run behind the real session cookie.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
vi.mock("next/cache", () => ({ refresh: () => {} }));
withPageSession();

const actions = () => import("./actions");
const proofForm = (proof: unknown) => {
  const form = new FormData();
  form.set("proof", JSON.stringify(proof));
  return form;
};

async function thiefWithMailbox(staffRole: "user" | "admin" = "admin") {
  const owner = await seedAccount({ password: true, passkey: true }, { staffRole });
  await signInPasswordOnly(owner.user.id);
  // The thief asks for the e-mail code on the security page and reads it in the mailbox.
  expect((await (await actions()).sendProofCode()).ok).toBe(true);
  return { owner, code: await mailedCode(owner.user.email) };
}

describe("a further strong factor once the account has one", () => {
  it("is refused to the e-mail code and the password in the domain; the passkey proves it", async () => {
    const owner = await seedAccount({ password: true, passkey: true }, { staffRole: "admin" });
    await sendEmailProofCode(owner.user.id);
    const code = await mailedCode(owner.user.email);
    for (const purpose of ["add_passkey", "first_two_factor_setup"] as const) {
      for (const proof of [
        { kind: "email_code" as const, code },
        { kind: "password" as const, password: "Kiesel-Brücke-Abend-2026" },
      ]) {
        const err = await proveIdentity(owner.user.id, purpose, proof).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(IdentityProofRefusedError);
        expect(err).toMatchObject({ reason: "not_accepted", details: { acceptedKinds: ["passkey"] } });
      }
    }
    // The owner's passkey proves it.
    const options = await passkeyProofOptions(owner.user.id);
    await expect(
      proveIdentity(owner.user.id, "add_passkey", { kind: "passkey", response: owner.authenticator!.authenticate(options) }),
    ).resolves.toMatchObject({ kind: "passkey" });
  });

  it("the thief cannot start a passkey registration with the mailed code", async () => {
    const { owner, code } = await thiefWithMailbox();
    const answer = await (await actions()).startPasskeyRegistration(null, proofForm({ kind: "email_code", code }));
    expect(answer).toMatchObject({ ok: false, issues: { proof: "Diese Art der Bestätigung ist hier nicht möglich." } });
    expect("options" in answer).toBe(false);
    expect(await db.passkey.count({ where: { userId: owner.user.id } })).toBe(1);
  });

  it("the thief cannot set up an authenticator app with the mailed code", async () => {
    const { owner, code } = await thiefWithMailbox("user");
    const answer = await (await actions()).beginTwoFactorSetup(null, proofForm({ kind: "email_code", code }));
    expect(answer).toMatchObject({ ok: false, issues: { proof: "Diese Art der Bestätigung ist hier nicht möglich." } });
    expect((await db.user.findUniqueOrThrow({ where: { id: owner.user.id } })).totpSecretEncrypted).toBeNull();
  });

  it("an e-mail code the session gave for another action does not count either, at the start or at the finish", async () => {
    const owner = await seedAccount({ password: true, passkey: true }, { staffRole: "admin" });
    await signInPasswordOnly(owner.user.id);
    const session = await db.session.findFirstOrThrow({ where: { userId: owner.user.id }, orderBy: { id: "desc" } });
    // Proved by e-mail code a minute ago (an API token accepts it).
    await markIdentityProved(session.id, new Date(Date.now() - 60_000), "email_code");
    const { startPasskeyRegistration, finishPasskeyRegistration, beginTwoFactorSetup } = await actions();
    expect(await startPasskeyRegistration(null, new FormData())).toMatchObject({ ok: false, code: "identity_proof_required" });
    expect(await beginTwoFactorSetup(null, new FormData())).toMatchObject({ ok: false, code: "identity_proof_required" });
    // Even holding a live registration request, the finish refuses: the proof's kind does not count.
    const thiefKey = newAuthenticator().register(await passkeyRegistrationOptions(owner.user.id));
    expect(await finishPasskeyRegistration(thiefKey, "Dieb")).toMatchObject({ ok: false, code: "identity_proof_required" });
    expect(await db.passkey.count({ where: { userId: owner.user.id } })).toBe(1);
  });

  it("the first factor of an account without one still comes by e-mail code", async () => {
    const fresh = await seedAccount({ password: true }, { staffRole: "admin" });
    await signInPasswordOnly(fresh.user.id);
    expect((await (await actions()).sendProofCode()).ok).toBe(true);
    const answer = await (
      await actions()
    ).startPasskeyRegistration(null, proofForm({ kind: "email_code", code: await mailedCode(fresh.user.email) }));
    expect(answer).toMatchObject({ ok: true, options: expect.anything() });
  });
});

describe("removing a passkey", () => {
  it('the thief with the mailbox or the password cannot remove the owner\'s passkey (to enrol their own as the "first" factor)', async () => {
    const { owner, code } = await thiefWithMailbox("user");
    const passkey = await db.passkey.findFirstOrThrow({ where: { userId: owner.user.id } });
    const { deletePasskeyAction } = await actions();
    expect(await deletePasskeyAction(passkey.id, null, new FormData())).toMatchObject({ ok: false, code: "identity_proof_required" });
    for (const proof of [
      { kind: "email_code", code },
      { kind: "password", password: PASSWORD },
    ]) {
      expect(await deletePasskeyAction(passkey.id, null, proofForm(proof))).toMatchObject({
        ok: false,
        issues: { proof: "Diese Art der Bestätigung ist hier nicht möglich." },
      });
    }
    // Nor does an e-mail code the session gave for another action a minute ago.
    const session = await db.session.findFirstOrThrow({ where: { userId: owner.user.id }, orderBy: { id: "desc" } });
    await markIdentityProved(session.id, new Date(Date.now() - 60_000), "email_code");
    expect(await deletePasskeyAction(passkey.id, null, new FormData())).toMatchObject({ ok: false, code: "identity_proof_required" });
    expect(await db.passkey.count({ where: { id: passkey.id } })).toBe(1);
    expect(
      await db.mailOutbox.count({ where: { to: owner.user.email, mailType: "passkey_changed", text: { contains: "entfernt" } } }),
    ).toBe(0);
  });

  it("the owner removes it with the passkey (or app code) the account has", async () => {
    const owner = await seedAccount({ password: true, passkey: true });
    await signInPasswordOnly(owner.user.id);
    const passkey = await db.passkey.findFirstOrThrow({ where: { userId: owner.user.id } });
    const response = owner.authenticator!.authenticate(await passkeyProofOptions(owner.user.id));
    expect(await (await actions()).deletePasskeyAction(passkey.id, null, proofForm({ kind: "passkey", response }))).toMatchObject({
      ok: true,
      message: "Passkey entfernt.",
    });
    expect(await db.passkey.count({ where: { userId: owner.user.id } })).toBe(0);
  });
});
