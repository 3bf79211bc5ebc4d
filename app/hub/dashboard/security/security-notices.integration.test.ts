import { describe, expect, it, vi } from "vitest";
import { mailedCode, seedAccount } from "@/tests/identity-proof-fixtures";
import { createApiToken } from "@/lib/domains/api-tokens/tokens";
import { codeAt, seedTotpUser, seedUserWithRandomId, wrongCodeAt } from "@/tests/two-factor-fixtures";
import { beginTotpSetup } from "@/lib/domains/accounts/two-factor/begin-totp-setup";
import { confirmTotpSetup } from "@/lib/domains/accounts/two-factor/confirm-totp-setup";
import { disableTotp } from "@/lib/domains/accounts/two-factor/disable-totp";
import { renewRecoveryCodes } from "@/lib/domains/accounts/two-factor/renew-recovery-codes";
import { resetSecondFactor } from "@/lib/domains/accounts/two-factor/reset-second-factor";
import { db } from "@/lib/core/db/client";
import { signIn, withPageSession } from "@/tests/page-session";

// Spec 5.3/5.4: setting up and removing TOTP, renewing the recovery codes and creating an API
// token are mailed to the account address, so a thief's change leaves a trace where the owner
// reads. Through the domain functions and through the security page's actions behind a real
// session cookie; the outbox is read as the mailbox would show it.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
vi.mock("next/cache", async (original) => ({ ...(await original<typeof import("next/cache")>()), refresh: () => {} }));
withPageSession();

const notices = (to: string) =>
  db.mailOutbox.findMany({ where: { to, mailType: "security_notice" }, orderBy: { id: "asc" }, select: { subject: true, text: true } });
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};

describe("security notices through the domain", () => {
  it("mails TOTP set-up, recovery-code renewal and TOTP removal to the account address, in German", async () => {
    const user = await seedUserWithRandomId();
    const { secret } = await beginTotpSetup(user.id);
    const setupAt = new Date();
    const { recoveryCodes } = await confirmTotpSetup(user.id, await codeAt(secret, setupAt), {
      now: setupAt,
      proof: { identityProvedAt: setupAt, identityProofKind: "email_code" },
    });
    await renewRecoveryCodes(user.id, recoveryCodes[0]!);
    const later = new Date(setupAt.getTime() + 60_000);
    await disableTotp(user.id, await codeAt(secret, later), { now: later });
    expect((await notices(user.email)).map((m) => m.subject)).toEqual([
      "Die Zwei-Faktor-Anmeldung wurde eingeschaltet",
      "Neue Wiederherstellungscodes für Ihr Konto",
      "Die Zwei-Faktor-Anmeldung wurde ausgeschaltet",
    ]);
  });

  it("mails nothing when the change does not happen", async () => {
    const { user, secret } = await seedTotpUser();
    const now = new Date();
    await expect(disableTotp(user.id, await wrongCodeAt(secret, now), { now })).rejects.toMatchObject({ code: "validation_failed" });
    await expect(renewRecoveryCodes(user.id, await wrongCodeAt(secret, now), { now })).rejects.toMatchObject({ code: "validation_failed" });
    await expect(createApiToken({ userId: user.id, name: "", identityConfirmedAt: now })).rejects.toMatchObject({
      code: "validation_failed",
    });
    expect(await notices(user.email)).toEqual([]);
  });

  it("names a new API token in its notice", async () => {
    const user = await seedUserWithRandomId({ locale: "en" });
    await createApiToken({ userId: user.id, name: "Newsroom CMS", identityConfirmedAt: new Date() });
    const [mail] = await notices(user.email);
    expect(mail).toMatchObject({ subject: "An API token was created for your account" });
    expect(mail!.text).toContain("“Newsroom CMS”");
  });

  it("repeats only the plain part of a token's name: whoever holds a session cannot mail the owner a message or a link in our words", async () => {
    const user = await seedUserWithRandomId();
    await createApiToken({
      userId: user.id,
      name: "Alles in Ordnung, bitte hier bestätigen: https://evil.example/konto?id=1 <b>jetzt</b>",
      identityConfirmedAt: new Date(),
    });
    const [mail] = await notices(user.email);
    expect(mail!.text).not.toMatch(/https?:\/\/|evil\.example|<b>/);
    expect(mail!.text).toContain("„Alles in Ordnung bitte hier bestätigen https evil example");
  });

  it("tells the account when a super-admin resets its second factor, passkeys included", async () => {
    const admin = await seedUserWithRandomId({ staffRole: "super_admin" });
    const staff = await seedAccount({ totp: true, passkey: true }, { staffRole: "admin" });
    await resetSecondFactor(admin.id, staff.user.id);
    expect(await db.passkey.count({ where: { userId: staff.user.id } })).toBe(0);
    expect((await notices(staff.user.email)).map((m) => m.subject)).toEqual(["Ihr zweiter Faktor wurde zurückgesetzt"]);
  });
});

describe("security notices through the security page", () => {
  it("the page's set-up, renewal and token creation each leave a notice in the mailbox", async () => {
    const owner = await seedAccount({ password: true });
    await signIn(owner.user.id);
    const security = await import("../security/actions");
    const tokens = await import("../tokens/actions");

    expect((await security.sendProofCode()).ok).toBe(true);
    const proof = JSON.stringify({ kind: "email_code", code: await mailedCode(owner.user.email) });
    const begun = await security.beginTwoFactorSetup(null, form({ proof }));
    if (!begun.ok || !("setup" in begun) || !begun.setup) throw new Error(`no setup: ${begun.message}`);
    const confirmed = await security.confirmTwoFactorSetup(null, form({ code: await codeAt(begun.setup.secret, new Date()) }));
    expect(confirmed).toMatchObject({ ok: true });
    const codes = confirmed.recoveryCodes!;

    expect(
      await security.manageTwoFactor(null, form({ intent: "renew", proof: JSON.stringify({ kind: "recovery_code", code: codes[0] }) })),
    ).toMatchObject({ ok: true });
    expect(
      await tokens.createToken(
        null,
        form({ name: "Redaktionssystem", proof: JSON.stringify({ kind: "password", password: "Kiesel-Brücke-Abend-2026" }) }),
      ),
    ).toMatchObject({ ok: true });

    const mails = await notices(owner.user.email);
    expect(mails.map((m) => m.subject)).toEqual([
      "Die Zwei-Faktor-Anmeldung wurde eingeschaltet",
      "Neue Wiederherstellungscodes für Ihr Konto",
      "Ein API-Token wurde für Ihr Konto erstellt",
    ]);
    expect(mails[2]!.text).toContain("„Redaktionssystem“");
  });

  it("the page's removal of the second factor leaves a notice", async () => {
    const { user, recoveryCodes } = await seedTotpUser();
    await signIn(user.id);
    const security = await import("../security/actions");
    expect(
      await security.manageTwoFactor(
        null,
        form({ intent: "disable", proof: JSON.stringify({ kind: "recovery_code", code: recoveryCodes[0] }) }),
      ),
    ).toMatchObject({ ok: true });
    expect((await notices(user.email)).map((m) => m.subject)).toEqual(["Die Zwei-Faktor-Anmeldung wurde ausgeschaltet"]);
  });
});
