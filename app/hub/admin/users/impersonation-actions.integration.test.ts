import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { SignedInShell } from "@/components/ui/signed-in-shell";
import { hashPassword } from "@/lib/domains/accounts/passwords/hash";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { IMPERSONATION_MINUTES, sessionCookieClaims, STAFF_SESSION_COOKIE } from "@/lib/domains/auth/impersonation/impersonation-cookie";
import { resolveSessionToken, STAFF_IDLE_MINUTES } from "@/lib/domains/auth/sessions/resolve-session";
import { openSession } from "@/lib/domains/auth/sessions/start-session";
import { db } from "@/lib/core/db/client";
import { seedUser, unique } from "@/tests/factories";
import { browserCookie, browserCookieOptions, signIn, signInPasswordOnly, withPageSession } from "@/tests/page-session";
import { bookPlan, managePaymentMethod } from "../../dashboard/billing/actions";
import { cancelContractAction } from "../../dashboard/billing/notice-actions";
import { confirmRightsAction } from "../../dashboard/images/confirm/actions";
import { createNewsroomAction } from "../../dashboard/newsrooms/actions";
import { bookBoostAction } from "../../dashboard/releases/[id]/boost-actions";
import {
  changeOwnPassword,
  manageTwoFactor,
  requestEmailChangeAction,
  sendProofCode,
  signOutOthers,
  startPasskeyRegistration,
} from "../../dashboard/security/actions";
import { createToken, revokeToken } from "../../dashboard/tokens/actions";
import { logout } from "../../login/actions";
import { endImpersonationAction } from "../../impersonation/actions";
import { startImpersonationAction } from "./impersonation-actions";

// Impersonation through the doors staff and attackers use: the admin user page's action, the
// customer area's actions behind the impersonation's cookie, the banner's "Beenden" and the
// sign-out. Refusals are form messages or Next's 403/redirect, never a change.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
vi.mock("next/cache", () => ({ refresh: () => {} }));
// The header's navigation reads the path, which only a Next request has.
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  usePathname: () => "/dashboard",
}));
withPageSession();

const outcome = <T>(promise: Promise<T>) =>
  promise.then(
    (v) => v,
    (e: { digest?: string }) => e.digest ?? e,
  );
const form = (fields: Record<string, string> = {}) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const REASON = "Anfrage per Telefon: Kunde sieht seinen Newsroom nicht";
const PASSWORD = "the customer's own passphrase";

const support = () => seedUser({ staffRole: "admin", permissions: ["users:manage"] });

/** A customer with a password and a session of their own on another device. */
async function customer() {
  const user = await seedUser({ passwordHash: await hashPassword(PASSWORD) });
  const own = await openSession({
    userId: user.id,
    method: "password",
    twoFactorPending: false,
    strongAuth: false,
    client: { ip: "203.0.113.7" },
  });
  return { user, own };
}

/** Staff signed in and confirmed, now acting as the customer through the user page's button. */
async function impersonate(staffId: number, targetId: number) {
  await signIn(staffId);
  const staffCookie = browserCookie("pd.session")!;
  expect(await outcome(startImpersonationAction(targetId, null, form({ reason: REASON })))).toMatch(/^NEXT_REDIRECT;.*\/dashboard;/);
  return staffCookie;
}

describe("the user page's button", () => {
  it("swaps in a session of the customer's that names the staff member and keeps the staff cookie aside", async () => {
    const staff = await support();
    const { user, own } = await customer();
    const staffCookie = await impersonate(staff.id, user.id);
    expect(browserCookie(STAFF_SESSION_COOKIE)).toBe(staffCookie);
    // Kept as long as the staff session it keeps can live (its idle timeout), the impersonation's for its minutes.
    expect(browserCookieOptions(STAFF_SESSION_COOKIE)).toMatchObject({ maxAge: STAFF_IDLE_MINUTES * 60, httpOnly: true, sameSite: "lax" });
    expect(browserCookieOptions("pd.session")).toMatchObject({ maxAge: IMPERSONATION_MINUTES * 60, httpOnly: true });
    const claims = (await sessionCookieClaims(browserCookie("pd.session")))!;
    expect(await resolveSessionToken(claims.sid)).toMatchObject({
      user: { id: user.id },
      session: { loginMethod: "impersonation", impersonatorUserId: staff.id },
    });
    expect(await resolveSessionToken((await sessionCookieClaims(staffCookie))!.sid)).toMatchObject({ user: { id: staff.id } });
    expect(await resolveSessionToken(own.token)).toMatchObject({ user: { id: user.id }, session: { impersonatorUserId: null } });
  });

  it("answers a customer with 403, an unconfirmed staff session with the confirmation, staff without users:manage with a message", async () => {
    const { user } = await customer();
    await signIn((await seedUser()).id);
    expect(await outcome(startImpersonationAction(user.id, null, form({ reason: REASON })))).toBe("NEXT_HTTP_ERROR_FALLBACK;403");
    await signInPasswordOnly((await support()).id);
    expect(await outcome(startImpersonationAction(user.id, null, form({ reason: REASON })))).toMatch(/^NEXT_REDIRECT;.*\/admin\/confirm;/);
    await signIn(
      (
        await seedUser({
          staffRole: "admin",
          permissions: ["billing:manage", "companies:write", "press-releases:publish", "compliance:manage"],
        })
      ).id,
    );
    expect(await startImpersonationAction(user.id, null, form({ reason: REASON }))).toMatchObject({
      ok: false,
      code: "forbidden",
      message: "Dafür fehlt Ihnen die Berechtigung.",
    });
    expect(await db.session.count({ where: { userId: user.id, impersonatorUserId: { not: null } } })).toBe(0);
    expect(browserCookie(STAFF_SESSION_COOKIE)).toBeUndefined();
  });

  it("refuses staff accounts, closed accounts and a missing reason with form messages; the cookies stay", async () => {
    await signIn((await support()).id);
    const before = browserCookie("pd.session");
    expect(await startImpersonationAction((await seedUser({ staffRole: "super_admin" })).id, null, form({ reason: REASON }))).toMatchObject(
      { ok: false, message: "Konten von Mitarbeitenden können nicht übernommen werden." },
    );
    expect(await startImpersonationAction((await seedUser({ isActive: false })).id, null, form({ reason: REASON }))).toMatchObject({
      ok: false,
      message: "Gesperrte oder gelöschte Konten können nicht übernommen werden.",
    });
    expect(await startImpersonationAction((await seedUser()).id, null, form({}))).toMatchObject({
      ok: false,
      issues: { reason: "Bitte geben Sie einen Grund an." },
    });
    expect(await startImpersonationAction(0, null, form({ reason: REASON }))).toMatchObject({
      ok: false,
      message: "Dieses Konto gibt es nicht (mehr).",
    });
    expect(browserCookie("pd.session")).toBe(before);
    expect(browserCookie(STAFF_SESSION_COOKIE)).toBeUndefined();
  });
});

describe("acting as the customer", () => {
  it("shows the banner with the way back on every signed-in page, and only then", async () => {
    const staff = await support();
    const { user } = await customer();
    const frame = async () =>
      renderToStaticMarkup(await SignedInShell({ area: "customer", children: null, logout, endImpersonation: endImpersonationAction }));
    await signIn(user.id);
    expect(await frame()).not.toContain("Sie handeln als");
    await impersonate(staff.id, user.id);
    const html = await frame();
    expect(html).toContain(`Sie handeln als ${user.name} (${user.email})`);
    expect(html).toMatch(/<button type="submit" class="[^"]*">Beenden<\/button>/);
  });

  it("records the customer area's actions with the impersonator", async () => {
    const staff = await support();
    const { user } = await customer();
    await impersonate(staff.id, user.id);
    const name = unique("Support GmbH");
    const values = {
      name,
      portal: "business",
      email: "presse@example.com",
      addressStreet: "Hafenstraße 12",
      addressPostalCode: "20457",
      addressCity: "Hamburg",
      addressCountry: "DE",
      descriptionDe: "Ein Newsroom, im Support-Zugang angelegt.",
    };
    expect(await outcome(createNewsroomAction(null, values))).toMatch(/^NEXT_REDIRECT;.*\/dashboard\/newsrooms\/\d+/);
    const created = await db.activityLog.findFirstOrThrow({ where: { type: ACTIVITY.newsroomCreated, actorUserId: user.id } });
    expect(created.impersonatorUserId).toBe(staff.id);
  });

  it("refuses the owner's billing, every security change and the image-rights confirmation, and changes nothing", async () => {
    const staff = await support();
    const { user, own } = await customer();
    const tokenRow = await db.apiToken.create({ data: { userId: user.id, name: "CMS", tokenHash: unique("hash"), prefix: "pd_x" } });
    const before = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    const checkouts = await db.localCheckoutSession.count();
    await impersonate(staff.id, user.id);
    const billing =
      "Im Support-Zugang sind Buchungen, Käufe, Zahlungen und Kündigungen nicht möglich; das entscheidet die Kundin oder der Kunde selbst.";
    const security =
      "Im Support-Zugang lassen sich Passwort, Passkeys, Zwei-Faktor-Anmeldung, E-Mail-Adresse, API-Tokens und Anmeldungen nicht ändern.";
    const refusals: [Promise<unknown>, string][] = [
      [bookPlan("starter", null, form()), billing],
      [managePaymentMethod(null, form()), billing],
      [cancelContractAction(null, form({ agreementId: "1" })), billing],
      [bookBoostAction(1, null, form({ placement: "home", tier: "1" })), billing],
      [
        changeOwnPassword(
          null,
          form({ currentPassword: PASSWORD, newPassword: "a new passphrase of support", newPasswordRepeat: "a new passphrase of support" }),
        ),
        security,
      ],
      [signOutOthers(null, form()), security],
      [sendProofCode(), security],
      [manageTwoFactor(null, form({ intent: "disable", code: "123456" })), security],
      [startPasskeyRegistration(null, form({ proofKind: "password", password: PASSWORD })), security],
      [
        requestEmailChangeAction(null, form({ newEmail: `${unique("takeover")}@example.com`, proofKind: "password", password: PASSWORD })),
        security,
      ],
      [createToken(null, form({ name: "support token", proofKind: "password", password: PASSWORD })), security],
      [revokeToken(tokenRow.id, null, form()), security],
      [
        confirmRightsAction(1, null, form({ rights_confirmed: "true" })),
        "Im Support-Zugang können Bildrechte nicht bestätigt werden; das muss die Kundin oder der Kunde selbst tun.",
      ],
    ];
    for (const [attempt, message] of refusals) expect(await attempt).toMatchObject({ ok: false, code: "forbidden", message });
    const after = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.pendingEmail).toBeNull();
    expect([after.passwordHash, after.rememberToken, after.stripeCustomerId]).toEqual([
      before.passwordHash,
      before.rememberToken,
      before.stripeCustomerId,
    ]);
    expect(await db.apiToken.findMany({ where: { userId: user.id }, select: { id: true } })).toEqual([{ id: tokenRow.id }]);
    expect(await db.localCheckoutSession.count()).toBe(checkouts);
    expect(await db.mailOutbox.count({ where: { to: after.email } })).toBe(0);
    // The customer's own session on the other device survived "sign out other devices".
    expect(await resolveSessionToken(own.token)).not.toBeNull();
  });
});

describe("ending it", () => {
  it("by the banner's button returns to the staff session on the customer's page", async () => {
    const staff = await support();
    const { user, own } = await customer();
    const staffCookie = await impersonate(staff.id, user.id);
    const impersonation = (await sessionCookieClaims(browserCookie("pd.session")))!.sid!;
    expect(await outcome(endImpersonationAction())).toMatch(new RegExp(`^NEXT_REDIRECT;.*/admin/users/${user.id};`));
    expect(browserCookie("pd.session")).toBe(staffCookie);
    expect(browserCookie(STAFF_SESSION_COOKIE)).toBeUndefined();
    expect(await resolveSessionToken(impersonation)).toBeNull();
    expect(await resolveSessionToken(own.token)).not.toBeNull();
    expect(
      await db.activityLog.findFirstOrThrow({ where: { type: ACTIVITY.userImpersonationEnded, subjectId: String(user.id) } }),
    ).toMatchObject({ actorUserId: staff.id, result: "ended", impersonatorUserId: null });
  });

  it("after the time limit, from the sign-in page, still returns to the staff session", async () => {
    const staff = await support();
    const { user } = await customer();
    const staffCookie = await impersonate(staff.id, user.id);
    const impersonation = (await sessionCookieClaims(browserCookie("pd.session")))!.sid!;
    await db.session.updateMany({
      where: { userId: user.id, impersonatorUserId: staff.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await resolveSessionToken(impersonation)).toBeNull();
    expect(await outcome(endImpersonationAction())).toMatch(new RegExp(`^NEXT_REDIRECT;.*/admin/users/${user.id};`));
    expect(browserCookie("pd.session")).toBe(staffCookie);
    expect(
      await db.activityLog.findFirstOrThrow({ where: { type: ACTIVITY.userImpersonationEnded, subjectId: String(user.id) } }),
    ).toMatchObject({ result: "expired" });
  });

  it("by signing out ends the impersonation, not the staff session; a plain session is not replaced by a kept cookie", async () => {
    const staff = await support();
    const { user } = await customer();
    const staffCookie = await impersonate(staff.id, user.id);
    expect(await outcome(logout())).toMatch(/^NEXT_REDIRECT;.*\/admin\/users\//);
    expect(browserCookie("pd.session")).toBe(staffCookie);
    expect(await db.session.count({ where: { userId: user.id, impersonatorUserId: { not: null } } })).toBe(0);
    // Signed in normally as someone else: "back" keeps that session and drops nothing into it.
    await signIn(user.id);
    const plain = browserCookie("pd.session");
    expect(await outcome(endImpersonationAction())).toMatch(/^NEXT_REDIRECT;.*\/login\/continue;/);
    expect(browserCookie("pd.session")).toBe(plain);
  });
});
