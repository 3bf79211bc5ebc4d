import { describe, expect, it, vi } from "vitest";
import { sendLoginLinkMail } from "@/lib/domains/accounts/login-links";
import { loginLinkLanding } from "@/lib/domains/accounts/login-links/landing";
import { mailsTo, tokenIn } from "@/tests/login-link-helpers";
import { hashPassword } from "@/lib/domains/accounts/passwords/hash";
import { registerAccount } from "@/lib/domains/auth/registration/register-account";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { getAuthOptions } from "@/lib/domains/auth/next-auth/options";
import { db } from "@/lib/core/db/client";
import { REQUIRED_DOCUMENTS } from "@/lib/domains/legal-terms/documents";
import { setMailDnsResolverForTests } from "@/lib/domains/mail/domain-checks/resolver";
import { uniqueClientIp } from "@/tests/client-addresses";
import { fakeMailDns } from "@/tests/fake-mail-dns";
import { setLimits } from "@/tests/limits";
import { seedUser, unique } from "@/tests/factories";
import { withPageSession } from "@/tests/page-session";
import { resolveSessionToken } from "../sessions/resolve-session";
import { LoginRefusedError } from "./login-errors";
import { signInWithLoginLink } from "./login-link-login";
import { RegistrationDetailsError, signUpWithLoginLink } from "./login-link-registration";

// Registration through a login link (spec 6.1, path "login link"): a person asks for a login
// link at /login for an address without an account and registers by the link that arrives.
// The request runs through the sign-in page's action, the redemption through next-auth's
// provider as the link page's button reaches it.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
withPageSession();

const client = () => ({ ip: uniqueClientIp(), userAgent: "test" });
const address = () => `${unique("new")}@example.com`;
const linkOf = async (email: string) => tokenIn((await mailsTo(email)).at(-1)!.text, "/login/link");

/** next-auth's credentials provider `login-link`, as the registration link page's button posts it. */
async function linkProvider(credentials: Record<string, string>): Promise<string> {
  type Credentials = {
    options: {
      id: string;
      authorize: (c: Record<string, string>, req: { headers: Record<string, string> }) => Promise<{ sessionToken: string }>;
    };
  };
  const provider = (getAuthOptions().providers as unknown as Credentials[]).find((p) => p.options?.id === "login-link")!;
  return (await provider.options.authorize(credentials, { headers: { "x-forwarded-for": uniqueClientIp() } })).sessionToken;
}
const refusalOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: Error) => e.message,
  );

describe("asking for a login link without an account", () => {
  it("answers at /login as for any address and mails a registration link; no account exists before it is redeemed", async () => {
    const { requestLoginLink } = await import("@/app/hub/login/actions");
    const email = address();
    const known = await seedUser();
    const form = (value: string) => {
      const f = new FormData();
      f.set("email", value);
      return f;
    };
    const answers = [await requestLoginLink(null, form(email)), await requestLoginLink(null, form(known.email))];
    expect(answers[0]).toEqual(answers[1]);
    expect((await mailsTo(email)).map((m) => [m.mailType, m.subject])).toEqual([["registration_link", "Ihr Link zur Registrierung"]]);
    expect((await mailsTo(known.email)).map((m) => m.mailType)).toEqual(["login_link"]);
    expect(await db.user.count({ where: { email } })).toBe(0);
    expect(await db.magicLink.findFirstOrThrow({ where: { email } })).toMatchObject({
      userId: null,
      purpose: "registration",
      source: "login_form",
      usedAt: null,
    });
  });

  it("does the same DNS work for an address with an account as for one without: the time to answer tells nothing", async () => {
    // The attacker times the answers: only an unknown address used to wait for its domain's DNS.
    const { requestLoginLink } = await import("@/app/hub/login/actions");
    const [knownDomain, unknownDomain] = [`${unique("kunde")}.example`, `${unique("neu")}.example`];
    const dns = fakeMailDns({
      [knownDomain]: { mx: [{ exchange: `mx.${knownDomain}`, priority: 10 }] },
      [unknownDomain]: { mx: [{ exchange: `mx.${unknownDomain}`, priority: 10 }] },
    });
    const SLOW_MS = 300;
    const slow = {
      resolveMx: async (d: string) => (await new Promise((r) => setTimeout(r, SLOW_MS)), dns.resolveMx(d)),
      resolve4: dns.resolve4,
      resolve6: dns.resolve6,
    };
    const known = await seedUser({ email: `presse@${knownDomain}` });
    const timed = async (email: string) => {
      const f = new FormData();
      f.set("email", email);
      const start = performance.now();
      const answer = await requestLoginLink(null, f);
      return { answer, ms: performance.now() - start };
    };
    setMailDnsResolverForTests(slow);
    setLimits({ EMAIL_DOMAIN_CHECK: "true" });
    try {
      const [forAccount, forNobody] = [await timed(known.email), await timed(`jemand@${unknownDomain}`)];
      expect(forAccount.answer).toEqual(forNobody.answer);
      expect(forAccount.ms).toBeGreaterThanOrEqual(SLOW_MS - 5);
      expect(forNobody.ms).toBeGreaterThanOrEqual(SLOW_MS - 5);
    } finally {
      // Back to the suite's setting (tests/setup.ts), not to the production default.
      setLimits({ EMAIL_DOMAIN_CHECK: "false" });
      setMailDnsResolverForTests(null);
    }
    expect(dns.queries).toEqual(expect.arrayContaining([`mx ${knownDomain}`, `mx ${unknownDomain}`]));
    expect((await mailsTo(known.email)).map((m) => m.mailType)).toEqual(["login_link"]);
    expect((await mailsTo(`jemand@${unknownDomain}`)).map((m) => m.mailType)).toEqual(["registration_link"]);
  });

  it("mails nothing to an address of a deactivated or deleted account, nor from pages that only sign in", async () => {
    const closed = [await seedUser({ isActive: false }), await seedUser({ deletedAt: new Date() })];
    for (const user of closed) await sendLoginLinkMail({ email: user.email, source: "login_form", offerRegistration: true });
    const legalPage = address();
    await sendLoginLinkMail({ email: legalPage, source: "legal_request_page" });
    for (const to of [...closed.map((u) => u.email), legalPage]) expect(await mailsTo(to)).toEqual([]);
  });
});

describe("redeeming the registration link", () => {
  it("creates a confirmed account with the name and the acceptances, records path login link and stage 4, and signs in", async () => {
    const email = address();
    const source = unique("login_form");
    await sendLoginLinkMail({ email, source, offerRegistration: true });
    const token = await linkOf(email);
    // Its page asks for the name and the acceptance: one look at the link decides what it shows.
    expect(await loginLinkLanding(token)).toBe("registration");
    const registrations = () => db.conversionEvent.count({ where: { stage: 4, source: "registration_login_link" } });
    const before = await registrations();
    const session = await linkProvider({ token, purpose: "registration", name: "  Jana Petersen ", acceptTerms: "1" });

    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(user).toMatchObject({ name: "Jana Petersen", passwordHash: null, isActive: true, staffRole: "user" });
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await resolveSessionToken(session)).toMatchObject({ user: { id: user.id }, session: { loginMethod: "login_link" } });
    expect(
      await db.legalDocumentAcceptance.findMany({
        where: { userId: user.id },
        select: { document: true, version: true },
        orderBy: { document: "asc" },
      }),
    ).toEqual(
      REQUIRED_DOCUMENTS.map((d) => ({ document: d.document, version: d.version })).sort((a, b) => a.document.localeCompare(b.document)),
    );
    const activity = await db.activityLog.findMany({
      where: { actorUserId: user.id },
      orderBy: { id: "asc" },
      select: { type: true, path: true },
    });
    expect(activity).toEqual([
      { type: ACTIVITY.userRegistered, path: "login_link" },
      { type: ACTIVITY.userLoggedIn, path: "login_link" },
    ]);
    // Stage 4 (the registration) and stage 2 (the redeemed link, with its source).
    expect(await registrations()).toBe(before + 1);
    expect(await db.conversionEvent.count({ where: { stage: 2, source } })).toBe(1);
  });

  it("without a name or the acceptance asks again and leaves the link unspent", async () => {
    const email = address();
    await sendLoginLinkMail({ email, offerRegistration: true });
    const token = await linkOf(email);
    expect(await refusalOf(linkProvider({ token, purpose: "registration", name: "Jana", acceptTerms: "" }))).toBe("registration_details");
    expect(await refusalOf(linkProvider({ token, purpose: "registration", name: " J ", acceptTerms: "1" }))).toBe("registration_details");
    await expect(signUpWithLoginLink({ token, name: "x".repeat(201), acceptTerms: true, client: client() })).rejects.toBeInstanceOf(
      RegistrationDetailsError,
    );
    expect(await db.magicLink.findFirstOrThrow({ where: { email } })).toMatchObject({ usedAt: null });
    expect(await db.user.count({ where: { email } })).toBe(0);
    await expect(signUpWithLoginLink({ token, name: "Jana", acceptTerms: true, client: client() })).resolves.toMatchObject({
      registered: true,
    });
  });

  it("registers once when the link is clicked twice at once", async () => {
    const email = address();
    await sendLoginLinkMail({ email, offerRegistration: true });
    const token = await linkOf(email);
    const results = await Promise.allSettled(
      [0, 1].map(() => signUpWithLoginLink({ token, name: "Jana", acceptTerms: true, client: client() })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: expect.any(LoginRefusedError) });
    expect(await db.user.count({ where: { email } })).toBe(1);
    expect(await db.activityLog.count({ where: { type: ACTIVITY.userRegistered, actor: { email } } })).toBe(1);
  });

  it("is no plain login link: the sign-in refuses it and leaves it for the registration", async () => {
    const email = address();
    await sendLoginLinkMail({ email, offerRegistration: true });
    const token = await linkOf(email);
    await expect(signInWithLoginLink({ token, client: client() })).rejects.toBeInstanceOf(LoginRefusedError);
    expect(await db.magicLink.findFirstOrThrow({ where: { email } })).toMatchObject({ usedAt: null });
  });

  it("signs in to an account a registrant made for the address meanwhile, discarding what the registrant set", async () => {
    const email = address();
    await sendLoginLinkMail({ email, offerRegistration: true });
    const token = await linkOf(email);
    await registerAccount({ name: "Squatter", email, password: "the squatter's passphrase", acceptTerms: true, ip: "198.51.100.77" });
    const squatted = await db.user.findUniqueOrThrow({ where: { email } });
    expect(squatted.emailVerifiedAt).toBeNull();
    const result = await signUpWithLoginLink({ token, name: "Owner", acceptTerms: true, client: client() });
    expect(result).toMatchObject({ userId: squatted.id, registered: false });
    const after = await db.user.findUniqueOrThrow({ where: { email } });
    expect(after.passwordHash).toBeNull();
    expect(after.emailVerifiedAt).toBeInstanceOf(Date);
    expect(
      await db.activityLog.findMany({ where: { actorUserId: squatted.id, type: ACTIVITY.userRegistered }, select: { path: true } }),
    ).toEqual([{ path: "form" }]);
  });

  it("opens nothing for an address whose account was closed meanwhile", async () => {
    const email = address();
    await sendLoginLinkMail({ email, offerRegistration: true });
    const token = await linkOf(email);
    const closed = await seedUser({ email, isActive: false, passwordHash: await hashPassword("closed account passphrase") });
    await expect(signUpWithLoginLink({ token, name: "Jana", acceptTerms: true, client: client() })).rejects.toBeInstanceOf(
      LoginRefusedError,
    );
    expect(await db.session.count({ where: { userId: closed.id } })).toBe(0);
  });
});
