import { describe, expect, it } from "vitest";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { LoginLinkInvalidError } from "@/lib/domains/accounts/login-links/errors";
import { db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { seedUser, unique } from "@/tests/factories";
import { expectOpenCredentialsDiscarded, seedOpenAccount as seedOpen } from "@/tests/open-account";
import { confirmAccountLink, resolveThirdPartyLogin, ThirdPartyLoginRefusedError, type ThirdPartyProfile } from "./index";

const NOW = new Date();
const DAY = 86_400_000;
const BROWSER = () => unique("browser-session");

const googleProfile = (data: Partial<ThirdPartyProfile> = {}): ThirdPartyProfile => ({
  provider: "google",
  providerAccountId: unique("sub"),
  email: `${unique("anna")}@gmail.com`,
  emailVerified: true,
  name: "Anna Beispiel",
  ...data,
});

const otherDomainAddress = () => `${unique("anna")}@firma-${unique("d")}.example`;

const bindingsOf = (provider: string, providerAccountId: string) => db.oAuthAccount.findMany({ where: { provider, providerAccountId } });

/** Spec 5.8's three credentials stated exactly, beside every other one (tests/open-account.ts). */
const seedOpenAccount = async (email: string) => (await seedOpen(email)).user;

async function expectDiscarded(userId: number) {
  await expectOpenCredentialsDiscarded(userId);
  expect(await db.user.findUniqueOrThrow({ where: { id: userId } })).toMatchObject({
    emailVerifiedAt: NOW,
    sessionsRevokedAtMs: BigInt(NOW.getTime()),
  });
}

/** The token from the link in the newest account_link mail to `to`. */
async function linkTokenMailedTo(to: string): Promise<string> {
  const mail = await db.mailOutbox.findFirstOrThrow({ where: { to, mailType: "account_link" }, orderBy: { id: "desc" } });
  const token = /\/login\/link\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  expect(token).toBeDefined();
  return token!;
}

describe("resolveThirdPartyLogin", () => {
  it("refuses an address the provider has not verified, and creates nothing", async () => {
    const profile = googleProfile({ emailVerified: false });
    await expect(resolveThirdPartyLogin(profile, { browserSessionBinding: BROWSER(), now: NOW })).rejects.toMatchObject({
      name: "ThirdPartyLoginRefusedError",
      reason: "unverified_email",
      code: "forbidden",
    });
    // Only a literal true counts (a provider sending the string "true" is not trusted).
    const loose = { ...profile, emailVerified: "true" as unknown as boolean };
    await expect(resolveThirdPartyLogin(loose, { browserSessionBinding: BROWSER(), now: NOW })).rejects.toBeInstanceOf(
      ThirdPartyLoginRefusedError,
    );
    expect(await db.user.count({ where: { email: profile.email } })).toBe(0);
    expect(await bindingsOf("google", profile.providerAccountId)).toHaveLength(0);
  });

  it("refuses an unverified address even for an identity that is already bound", async () => {
    const profile = googleProfile();
    await resolveThirdPartyLogin(profile, { browserSessionBinding: BROWSER(), now: NOW });
    await expect(
      resolveThirdPartyLogin({ ...profile, emailVerified: false }, { browserSessionBinding: BROWSER(), now: NOW }),
    ).rejects.toMatchObject({ reason: "unverified_email" });
  });

  it("registers a new address: verified, no password, bound, activity with path third_party", async () => {
    const email = otherDomainAddress();
    const profile = googleProfile({ email: `  ${email.toUpperCase()} ` });
    const outcome = await resolveThirdPartyLogin(profile, { browserSessionBinding: BROWSER(), now: NOW });

    expect(outcome).toEqual({ kind: "signed_in", userId: expect.any(Number), registered: true, linked: false });
    const userId = (outcome as { userId: number }).userId;
    expect(await db.user.findUniqueOrThrow({ where: { id: userId } })).toMatchObject({
      email,
      name: "Anna Beispiel",
      emailVerifiedAt: NOW,
      passwordHash: null,
      isActive: true,
    });
    expect(await bindingsOf("google", profile.providerAccountId)).toMatchObject([{ userId, email }]);
    expect(await db.activityLog.findFirstOrThrow({ where: { type: ACTIVITY.userRegistered, actorUserId: userId } })).toMatchObject({
      path: "third_party",
      subjectType: "user",
      subjectId: String(userId),
    });
    // A new address never waits for a confirmation mail.
    expect(await db.mailOutbox.count({ where: { to: email } })).toBe(0);
  });

  it("counts a registration in stage 4 of the funnel, like the form's; signing in again or linking counts none", async () => {
    const registrations = () => db.conversionEvent.count({ where: { stage: 4, source: "registration_third_party" } });
    const before = await registrations();
    const profile = googleProfile({ email: otherDomainAddress() });
    await resolveThirdPartyLogin(profile, { browserSessionBinding: BROWSER(), now: NOW });
    expect(await registrations()).toBe(before + 1);
    await resolveThirdPartyLogin(profile, { browserSessionBinding: BROWSER(), now: NOW });
    const existing = await seedUser({ email: `${unique("anna")}@gmail.com` });
    await resolveThirdPartyLogin(googleProfile({ email: existing.email }), { browserSessionBinding: BROWSER(), now: NOW });
    expect(await registrations()).toBe(before + 1);
  });

  it("names a new account after the address when the provider sends no name", async () => {
    const profile = googleProfile({ name: "  " });
    const outcome = await resolveThirdPartyLogin(profile, { browserSessionBinding: BROWSER(), now: NOW });
    const user = await db.user.findUniqueOrThrow({ where: { id: (outcome as { userId: number }).userId } });
    expect(user.name).toBe(profile.email.split("@")[0]);
  });

  it("signs in by provider id after the address changed at the provider, and updates only the binding's copy", async () => {
    const first = googleProfile();
    const registered = await resolveThirdPartyLogin(first, { browserSessionBinding: BROWSER(), now: NOW });
    const userId = (registered as { userId: number }).userId;
    // The new provider address even belongs to another account here: the binding still decides.
    const someoneElse = await seedUser({ email: otherDomainAddress(), emailVerifiedAt: NOW });

    const outcome = await resolveThirdPartyLogin({ ...first, email: someoneElse.email }, { browserSessionBinding: BROWSER(), now: NOW });

    expect(outcome).toEqual({ kind: "signed_in", userId, registered: false, linked: false });
    expect(await bindingsOf("google", first.providerAccountId)).toMatchObject([{ userId, email: someoneElse.email }]);
    expect((await db.user.findUniqueOrThrow({ where: { id: userId } })).email).toBe(first.email);
    expect(await db.oAuthAccount.count({ where: { userId: someoneElse.id } })).toBe(0);
    expect(await db.mailOutbox.count({ where: { to: someoneElse.email } })).toBe(0);
  });

  it("links an existing Google-mail account directly (consumer-mail case) and keeps a verified account's credentials", async () => {
    const email = `${unique("anna")}@googlemail.com`;
    const user = await seedUser({
      email,
      passwordHash: "$argon2id$v=19$own",
      rememberToken: "remember-own",
      emailVerifiedAt: new Date(NOW.getTime() - DAY),
    });
    const token = await db.apiToken.create({ data: { userId: user.id, name: "CMS", tokenHash: unique("token"), prefix: "pd_test" } });
    const profile = googleProfile({ email });

    const outcome = await resolveThirdPartyLogin(profile, { browserSessionBinding: BROWSER(), now: NOW });

    expect(outcome).toEqual({ kind: "signed_in", userId: user.id, registered: false, linked: true });
    expect(await bindingsOf("google", profile.providerAccountId)).toMatchObject([{ userId: user.id, email }]);
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      passwordHash: "$argon2id$v=19$own",
      rememberToken: "remember-own",
      sessionsRevokedAtMs: null,
    });
    expect(await db.apiToken.findUnique({ where: { id: token.id } })).not.toBeNull();
    expect(await db.activityLog.findFirstOrThrow({ where: { type: "oauth_account.linked", actorUserId: user.id } })).toMatchObject({
      metadata: { provider: "google", basis: "consumer_mail", discardedOpenCredentials: false },
    });
    expect(await db.mailOutbox.count({ where: { to: email } })).toBe(0);
  });

  it("links an existing account directly when the hd claim is the address's Workspace domain", async () => {
    const domain = `firma-${unique("d")}.example`;
    const user = await seedUser({ email: `${unique("anna")}@${domain}`, emailVerifiedAt: NOW });
    const profile = googleProfile({ email: user.email, hostedDomain: domain });

    const outcome = await resolveThirdPartyLogin(profile, { browserSessionBinding: BROWSER(), now: NOW });

    expect(outcome).toEqual({ kind: "signed_in", userId: user.id, registered: false, linked: true });
    expect(await bindingsOf("google", profile.providerAccountId)).toMatchObject([{ userId: user.id }]);
    expect(await db.mailOutbox.count({ where: { to: user.email } })).toBe(0);
  });

  it("mails a confirmation link for any other domain and binds nothing until it is redeemed in the same browser", async () => {
    const user = await seedUser({ email: otherDomainAddress(), emailVerifiedAt: NOW, locale: "en" });
    // An hd claim for another domain proves nothing about this address.
    const profile = googleProfile({ email: user.email, hostedDomain: "other.example" });
    const browser = BROWSER();

    const outcome = await resolveThirdPartyLogin(profile, { browserSessionBinding: browser, now: NOW });

    expect(outcome).toEqual({ kind: "link_confirmation_sent", email: user.email });
    expect(await bindingsOf("google", profile.providerAccountId)).toHaveLength(0);
    const mail = await db.mailOutbox.findFirstOrThrow({ where: { to: user.email } });
    expect(mail).toMatchObject({ mailType: "account_link", status: "queued", subject: "Confirm signing in with Google" });
    const link = await db.magicLink.findFirstOrThrow({ where: { userId: user.id, purpose: "account_link" } });
    expect(link).toMatchObject({
      email: user.email,
      source: "account_link",
      payload: { provider: "google", providerAccountId: profile.providerAccountId },
      usedAt: null,
    });
    // Only a hash of the browser binding is stored.
    expect(link.browserSessionBinding).toMatch(/^[0-9a-f]{64}$/);
    expect(link.browserSessionBinding).not.toContain(browser);
    const token = await linkTokenMailedTo(user.email);

    // Another browser (someone the mail was forwarded to) cannot use it, nor can no browser at all.
    await expect(confirmAccountLink({ token, browserSessionBinding: BROWSER(), now: NOW })).rejects.toBeInstanceOf(LoginLinkInvalidError);
    await expect(confirmAccountLink({ token, browserSessionBinding: "", now: NOW })).rejects.toMatchObject({ code: "bad_request" });
    expect(await bindingsOf("google", profile.providerAccountId)).toHaveLength(0);

    expect(await confirmAccountLink({ token, browserSessionBinding: browser, now: NOW })).toEqual({ userId: user.id });
    expect(await bindingsOf("google", profile.providerAccountId)).toMatchObject([{ userId: user.id, email: user.email }]);
    expect(await db.activityLog.findFirstOrThrow({ where: { type: "oauth_account.linked", actorUserId: user.id } })).toMatchObject({
      metadata: { provider: "google", basis: "confirmation_link", discardedOpenCredentials: false },
    });
    // The link works once; afterwards the binding signs in directly.
    await expect(confirmAccountLink({ token, browserSessionBinding: browser, now: NOW })).rejects.toBeInstanceOf(LoginLinkInvalidError);
    expect(await resolveThirdPartyLogin(profile, { browserSessionBinding: BROWSER(), now: NOW })).toEqual({
      kind: "signed_in",
      userId: user.id,
      registered: false,
      linked: false,
    });
  });

  it("treats every first linking with a provider it does not know as needing confirmation", async () => {
    const email = `${unique("anna")}@gmail.com`;
    const user = await seedUser({ email, emailVerifiedAt: NOW });
    const profile: ThirdPartyProfile = {
      provider: "oidc",
      providerAccountId: unique("sub"),
      email,
      emailVerified: true,
      hostedDomain: "gmail.com",
    };
    expect(await resolveThirdPartyLogin(profile, { browserSessionBinding: BROWSER(), now: NOW })).toEqual({
      kind: "link_confirmation_sent",
      email: user.email,
    });
    expect(await bindingsOf("oidc", profile.providerAccountId)).toHaveLength(0);
  });

  it("needs the asking browser's session binding before it sends a link", async () => {
    const user = await seedUser({ email: otherDomainAddress(), emailVerifiedAt: NOW });
    await expect(
      resolveThirdPartyLogin(googleProfile({ email: user.email }), { browserSessionBinding: "", now: NOW }),
    ).rejects.toMatchObject({ code: "bad_request" });
    expect(await db.magicLink.count({ where: { userId: user.id } })).toBe(0);
  });

  it("verifies an open account by direct link and discards password, remember_token, API tokens and sessions", async () => {
    const open = await seedOpenAccount(`${unique("anna")}@gmail.com`);
    const bystander = await seedOpenAccount(otherDomainAddress());

    const outcome = await resolveThirdPartyLogin(googleProfile({ email: open.email }), { browserSessionBinding: BROWSER(), now: NOW });

    expect(outcome).toEqual({ kind: "signed_in", userId: open.id, registered: false, linked: true });
    await expectDiscarded(open.id);
    expect(await db.activityLog.findFirstOrThrow({ where: { type: "oauth_account.linked", actorUserId: open.id } })).toMatchObject({
      metadata: { basis: "consumer_mail", discardedOpenCredentials: true },
    });
    // Another account keeps everything.
    expect(await db.user.findUniqueOrThrow({ where: { id: bystander.id } })).toMatchObject({
      passwordHash: "$argon2id$v=19$registrant",
      rememberToken: "remember-registrant",
      emailVerifiedAt: null,
    });
    expect(await db.apiToken.count({ where: { userId: bystander.id } })).toBe(1);
    expect(await db.session.count({ where: { userId: bystander.id } })).toBe(1);
  });

  it("verifies an open account through the confirmation link and discards what the registrant held", async () => {
    const open = await seedOpenAccount(otherDomainAddress());
    const profile = googleProfile({ email: open.email });
    const browser = BROWSER();
    expect(await resolveThirdPartyLogin(profile, { browserSessionBinding: browser, now: NOW })).toMatchObject({
      kind: "link_confirmation_sent",
    });
    // Nothing changes before the mailbox owner confirms.
    expect(await db.user.findUniqueOrThrow({ where: { id: open.id } })).toMatchObject({
      passwordHash: "$argon2id$v=19$registrant",
      emailVerifiedAt: null,
    });
    expect(await db.apiToken.count({ where: { userId: open.id } })).toBe(1);

    await confirmAccountLink({ token: await linkTokenMailedTo(open.email), browserSessionBinding: browser, now: NOW });

    await expectDiscarded(open.id);
    expect(await bindingsOf("google", profile.providerAccountId)).toMatchObject([{ userId: open.id }]);
  });

  it("refuses inactive and deleted accounts, by address or by binding, and sends no mail", async () => {
    const inactive = await seedUser({ email: `${unique("anna")}@gmail.com`, isActive: false, emailVerifiedAt: NOW });
    const deleted = await seedUser({ email: otherDomainAddress(), deletedAt: NOW, emailVerifiedAt: NOW });
    for (const user of [inactive, deleted]) {
      const profile = googleProfile({ email: user.email });
      await expect(resolveThirdPartyLogin(profile, { browserSessionBinding: BROWSER(), now: NOW })).rejects.toMatchObject({
        name: "ThirdPartyLoginRefusedError",
        reason: "inactive",
      });
      expect(await bindingsOf("google", profile.providerAccountId)).toHaveLength(0);
      expect(await db.mailOutbox.count({ where: { to: user.email } })).toBe(0);
    }

    const profile = googleProfile();
    const { userId } = (await resolveThirdPartyLogin(profile, { browserSessionBinding: BROWSER(), now: NOW })) as { userId: number };
    await db.user.update({ where: { id: userId }, data: { isActive: false } });
    await expect(resolveThirdPartyLogin(profile, { browserSessionBinding: BROWSER(), now: NOW })).rejects.toMatchObject({
      reason: "inactive",
    });
  });

  it("refuses the confirmation when the account was deactivated after the mail went out", async () => {
    const user = await seedUser({ email: otherDomainAddress(), emailVerifiedAt: NOW });
    const profile = googleProfile({ email: user.email });
    const browser = BROWSER();
    await resolveThirdPartyLogin(profile, { browserSessionBinding: browser, now: NOW });
    await db.user.update({ where: { id: user.id }, data: { isActive: false } });
    await expect(
      confirmAccountLink({ token: await linkTokenMailedTo(user.email), browserSessionBinding: browser, now: NOW }),
    ).rejects.toMatchObject({ reason: "inactive" });
    expect(await bindingsOf("google", profile.providerAccountId)).toHaveLength(0);
  });

  it("refuses a confirmation whose provider identity was bound to another account meanwhile", async () => {
    const user = await seedUser({ email: otherDomainAddress(), emailVerifiedAt: NOW });
    const profile = googleProfile({ email: user.email });
    const browser = BROWSER();
    await resolveThirdPartyLogin(profile, { browserSessionBinding: browser, now: NOW });
    const other = await seedUser({ emailVerifiedAt: NOW });
    await db.oAuthAccount.create({
      data: { userId: other.id, provider: "google", providerAccountId: profile.providerAccountId, email: other.email },
    });

    await expect(
      confirmAccountLink({ token: await linkTokenMailedTo(user.email), browserSessionBinding: browser, now: NOW }),
    ).rejects.toMatchObject({ code: "conflict" });
    expect(await bindingsOf("google", profile.providerAccountId)).toMatchObject([{ userId: other.id }]);
  });
});

describe("concurrent first logins", () => {
  it("two contenders with the same new provider id make one user and one binding, and both sign in to it", async () => {
    const profile = googleProfile({ email: otherDomainAddress() });
    const outcomes = await Promise.all([
      resolveThirdPartyLogin(profile, { browserSessionBinding: BROWSER(), now: NOW }),
      resolveThirdPartyLogin(profile, { browserSessionBinding: BROWSER(), now: NOW }),
    ]);

    const users = await db.user.findMany({ where: { email: profile.email }, select: { id: true } });
    expect(users).toHaveLength(1);
    expect(await bindingsOf("google", profile.providerAccountId)).toHaveLength(1);
    const userId = users[0]!.id;
    expect(outcomes.map((o) => o.kind === "signed_in" && o.userId)).toEqual([userId, userId]);
    expect(outcomes.filter((o) => o.kind === "signed_in" && o.registered)).toHaveLength(1);
    expect(await db.activityLog.count({ where: { type: ACTIVITY.userRegistered, actorUserId: userId } })).toBe(1);
  });

  it("two contenders registering one new identity count one registration in the funnel", async () => {
    const registrations = () => db.conversionEvent.count({ where: { stage: 4, source: "registration_third_party" } });
    const before = await registrations();
    const profile = googleProfile({ email: otherDomainAddress() });
    await Promise.all([0, 1].map(() => resolveThirdPartyLogin(profile, { browserSessionBinding: BROWSER(), now: NOW })));
    expect(await registrations()).toBe(before + 1);
  });

  it("two contenders linking one existing account make one binding and discard the open credentials once", async () => {
    const open = await seedOpenAccount(`${unique("anna")}@gmail.com`);
    const profile = googleProfile({ email: open.email });
    const outcomes = await Promise.all([
      resolveThirdPartyLogin(profile, { browserSessionBinding: BROWSER(), now: NOW }),
      resolveThirdPartyLogin(profile, { browserSessionBinding: BROWSER(), now: NOW }),
    ]);

    expect(outcomes.map((o) => o.kind === "signed_in" && o.userId)).toEqual([open.id, open.id]);
    expect(outcomes.filter((o) => o.kind === "signed_in" && o.linked)).toHaveLength(1);
    expect(await bindingsOf("google", profile.providerAccountId)).toHaveLength(1);
    await expectDiscarded(open.id);
    const linked = await db.activityLog.findMany({ where: { type: "oauth_account.linked", actorUserId: open.id } });
    expect(linked.map((r) => (r.metadata as Prisma.JsonObject).discardedOpenCredentials)).toEqual([true]);
  });

  it("a registration racing a second provider identity for the same new address ends with one account", async () => {
    // Two different provider ids, one address: the loser's insert hits users.email, retries and
    // finds the winner's account (and is asked to confirm, since the domain is not vouched for).
    const email = otherDomainAddress();
    const outcomes = await Promise.all([
      resolveThirdPartyLogin(googleProfile({ email }), { browserSessionBinding: BROWSER(), now: NOW }),
      resolveThirdPartyLogin(googleProfile({ email }), { browserSessionBinding: BROWSER(), now: NOW }),
    ]);
    expect(await db.user.count({ where: { email } })).toBe(1);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(["link_confirmation_sent", "signed_in"]);
    expect(await db.oAuthAccount.count({ where: { email } })).toBe(1);
  });
});
