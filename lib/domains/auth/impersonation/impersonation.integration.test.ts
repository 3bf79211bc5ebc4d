import { encode } from "next-auth/jwt";
import { describe, expect, it, vi } from "vitest";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { getConfig } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { seedUser } from "@/tests/factories";
import { nextHeaders, useSessionToken, withPageSession } from "@/tests/page-session";
import { pruneExpiredSessions } from "../prune-auth-records";
import { requireUser } from "../session";
import { resolveSessionToken, STAFF_IDLE_MINUTES } from "../sessions/resolve-session";
import { signOutOtherDevices } from "../sessions/sign-out-other-devices";
import { closeSessionById, openSession } from "../sessions/start-session";
import { endImpersonation } from "./end-impersonation";
import { IMPERSONATION_MINUTES } from "./impersonation-cookie";
import { startImpersonation } from "./start-impersonation";

// Impersonation for support (spec 6.1) through its domain functions, as staff and as the
// attackers who meet it: a customer, staff without users:manage, an unconfirmed staff session,
// staff aiming at another staff account or a closed one. The doors are tested in
// app/hub/admin/users/impersonation-actions.integration.test.ts.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
withPageSession();

const client = { ip: "192.0.2.44", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0" };
const REASON = "Ticket 4711: Kundin findet den Entwurf nicht";

/** A signed-in staff member (or customer) as the admin area resolves them; `confirmed`: passkey or app code given. */
async function sessionOf(data: Parameters<typeof seedUser>[0], confirmed = true) {
  const user = await seedUser(data);
  const { token } = await openSession({ userId: user.id, method: "password", twoFactorPending: false, strongAuth: confirmed, client });
  return { user, token, active: (await resolveSessionToken(token))! };
}
const support = (confirmed = true) => sessionOf({ staffRole: "admin", permissions: ["users:manage"] }, confirmed);
const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { code?: string; details?: Record<string, unknown> }) => e,
  );

describe("starting an impersonation", () => {
  it("opens a session of its own for the customer that names the staff member, for minutes; staff and customer sessions stay", async () => {
    const staff = await support();
    const customer = await sessionOf({});
    const now = new Date();
    const started = await startImpersonation({ staff: staff.active, targetUserId: customer.user.id, reason: ` ${REASON} `, client, now });

    const resolved = (await resolveSessionToken(started.token))!;
    expect(resolved.user.id).toBe(customer.user.id);
    expect(resolved.session).toMatchObject({
      loginMethod: "impersonation",
      impersonatorUserId: staff.user.id,
      twoFactorPending: false,
      strongAuthAt: null,
    });
    expect(resolved.session.expiresAt).toEqual(new Date(now.getTime() + IMPERSONATION_MINUTES * 60_000));
    expect(await db.session.findUniqueOrThrow({ where: { id: started.sessionId } })).toMatchObject({
      impersonatorSessionId: staff.active.session.id,
    });
    // Neither the staff member's session nor the customer's own were touched.
    expect(await resolveSessionToken(staff.token)).toMatchObject({ user: { id: staff.user.id }, session: { id: staff.active.session.id } });
    expect(await resolveSessionToken(customer.token)).toMatchObject({
      user: { id: customer.user.id },
      session: { id: customer.active.session.id, impersonatorUserId: null },
    });
    // The start (by the staff member, with the reason) and the login with path impersonation.
    const rows = await db.activityLog.findMany({
      where: { subjectType: "user", subjectId: String(customer.user.id) },
      orderBy: { id: "asc" },
    });
    expect(rows.map((r) => [r.type, r.actorUserId, r.impersonatorUserId, r.path, r.reason])).toEqual([
      [ACTIVITY.userImpersonationStarted, staff.user.id, null, null, REASON],
      [ACTIVITY.userLoggedIn, customer.user.id, staff.user.id, "impersonation", REASON],
    ]);
    // It is not the customer's own login.
    expect((await db.user.findUniqueOrThrow({ where: { id: customer.user.id } })).lastLoginAt).toBeNull();
  });

  it("is refused to a customer, to staff without users:manage (or deactivated meanwhile) and to an unconfirmed staff session; nothing is opened", async () => {
    const target = await seedUser();
    const deactivated = await support();
    await db.user.update({ where: { id: deactivated.user.id }, data: { isActive: false } });
    const attackers = [
      (await sessionOf({})).active,
      (
        await sessionOf({
          staffRole: "admin",
          permissions: ["billing:manage", "companies:write", "press-releases:publish", "compliance:manage"],
        })
      ).active,
      deactivated.active,
      (await support(false)).active,
    ];
    const refusals = [];
    for (const staff of attackers)
      refusals.push(await errorOf(startImpersonation({ staff, targetUserId: target.id, reason: REASON, client })));
    expect(refusals.map((e) => e?.code)).toEqual(["forbidden", "forbidden", "forbidden", "forbidden"]);
    expect(refusals.at(-1)?.details).toEqual({ reason: "unconfirmed" });
    expect(await db.session.count({ where: { userId: target.id } })).toBe(0);
    expect(await db.activityLog.count({ where: { subjectId: String(target.id), subjectType: "user" } })).toBe(0);
  });

  it("never opens a staff account, an inactive or a deleted one, or one's own; a reason is required", async () => {
    const staff = await support();
    const cases: [number, string][] = [
      [(await seedUser({ staffRole: "admin" })).id, "staff"],
      [(await seedUser({ staffRole: "super_admin" })).id, "staff"],
      [(await seedUser({ isActive: false })).id, "inactive"],
      [(await seedUser({ deletedAt: new Date() })).id, "inactive"],
      [staff.user.id, "own_account"],
    ];
    for (const [targetUserId, reason] of cases) {
      expect(await errorOf(startImpersonation({ staff: staff.active, targetUserId, reason: REASON, client }))).toMatchObject({
        code: "forbidden",
        details: { reason },
      });
      expect(await db.session.count({ where: { userId: targetUserId, impersonatorUserId: { not: null } } })).toBe(0);
    }
    const customer = await seedUser();
    for (const reason of ["", "   ", "x".repeat(501), "nul\u0000"]) {
      expect(await errorOf(startImpersonation({ staff: staff.active, targetUserId: customer.id, reason, client }))).toMatchObject({
        code: "validation_failed",
      });
    }
    expect(await errorOf(startImpersonation({ staff: staff.active, targetUserId: 2_147_483_647, reason: REASON, client }))).toMatchObject({
      code: "not_found",
    });
    expect(await db.session.count({ where: { userId: customer.id } })).toBe(0);
  });

  it("keeps one impersonation per staff session when two starts race", async () => {
    const staff = await support();
    const [a, b] = [await seedUser(), await seedUser()];
    const started = await Promise.all(
      [a, b].map((t) => startImpersonation({ staff: staff.active, targetUserId: t.id, reason: REASON, client })),
    );
    expect(await db.session.count({ where: { impersonatorSessionId: staff.active.session.id } })).toBe(1);
    const live = await Promise.all(started.map((s) => resolveSessionToken(s.token)));
    expect(live.filter(Boolean)).toHaveLength(1);
  });
});

describe("an impersonation session", () => {
  async function impersonating() {
    const staff = await support();
    const customer = await seedUser();
    const started = await startImpersonation({ staff: staff.active, targetUserId: customer.id, reason: REASON, client });
    return { staff, customer, started };
  }

  it("ends after its time limit", async () => {
    const { started } = await impersonating();
    expect(await resolveSessionToken(started.token, new Date(started.expiresAt.getTime() - 1000))).not.toBeNull();
    expect(await resolveSessionToken(started.token, new Date(started.expiresAt.getTime() + 1))).toBeNull();
  });

  it("ends with the staff session, with the staff member's permission or account, and when the account becomes staff", async () => {
    const ends: ((x: Awaited<ReturnType<typeof impersonating>>) => Promise<unknown>)[] = [
      (x) => db.session.delete({ where: { id: x.staff.active.session.id } }),
      (x) => db.user.update({ where: { id: x.staff.user.id }, data: { permissions: ["billing:manage"] } }),
      (x) => db.user.update({ where: { id: x.staff.user.id }, data: { isActive: false } }),
      (x) => db.user.update({ where: { id: x.staff.user.id }, data: { sessionsRevokedAtMs: BigInt(Date.now() + 1000) } }),
      (x) => db.user.update({ where: { id: x.customer.id }, data: { staffRole: "admin" } }),
    ];
    for (const end of ends) {
      const x = await impersonating();
      await end(x);
      expect(await resolveSessionToken(x.started.token)).toBeNull();
    }
  });

  it("records every end with why, not only the banner's: staff sign-out, idle or signed-out staff session, revocation, lost permission, the account become staff, a new start, the time limit", async () => {
    const endedWith = async (customerId: number) =>
      db.activityLog.findMany({
        where: { type: ACTIVITY.userImpersonationEnded, subjectType: "user", subjectId: String(customerId) },
        select: { actorUserId: true, result: true, impersonatorUserId: true },
      });
    const cases: [string, (x: Awaited<ReturnType<typeof impersonating>>) => Promise<unknown>][] = [
      ["staff_session_ended", (x) => closeSessionById(x.staff.active.session.id)],
      ["staff_session_ended", (x) => resolveSessionToken(x.staff.token, new Date(Date.now() + (STAFF_IDLE_MINUTES + 1) * 60_000))],
      [
        "staff_session_ended",
        async (x) => {
          // "Sign out other devices" from another of the staff member's sessions.
          const other = await openSession({
            userId: x.staff.user.id,
            method: "password",
            twoFactorPending: false,
            strongAuth: true,
            client,
          });
          await signOutOtherDevices(x.staff.user.id, (await resolveSessionToken(other.token))!.session);
        },
      ],
      [
        "staff_sessions_revoked",
        async (x) => {
          await db.user.update({ where: { id: x.staff.user.id }, data: { sessionsRevokedAtMs: BigInt(Date.now() + 1000) } });
          await resolveSessionToken(x.started.token);
        },
      ],
      [
        "permission_lost",
        async (x) => {
          await db.user.update({ where: { id: x.staff.user.id }, data: { permissions: ["billing:manage"] } });
          await resolveSessionToken(x.started.token);
        },
      ],
      [
        "account_became_staff",
        async (x) => {
          await db.user.update({ where: { id: x.customer.id }, data: { staffRole: "admin" } });
          await resolveSessionToken(x.started.token);
        },
      ],
      ["replaced", async (x) => startImpersonation({ staff: x.staff.active, targetUserId: (await seedUser()).id, reason: REASON, client })],
      ["expired", (x) => pruneExpiredSessions(new Date(x.started.expiresAt.getTime() + 1000))],
    ];
    for (const [result, end] of cases) {
      const x = await impersonating();
      await end(x);
      expect(await db.session.count({ where: { id: x.started.sessionId } }), result).toBe(0);
      expect(await endedWith(x.customer.id), result).toEqual([{ actorUserId: x.staff.user.id, result, impersonatorUserId: null }]);
    }
  });

  it("stamps every activity entry written in its requests with the impersonator its session row names, and no other request's", async () => {
    const { staff, customer, started } = await impersonating();
    // A request of the impersonation: its cookie carries the session reference, nothing else.
    await useSessionToken(started.token);
    expect((await requireUser()).session.impersonatorUserId).toBe(staff.user.id);
    await recordActivity({ actorUserId: customer.id, type: ACTIVITY.newsroomProfileUpdated, subjectType: "company", subjectId: 1 });
    await db.$transaction((tx) =>
      recordActivity({ actorUserId: customer.id, type: ACTIVITY.newsroomContactAdded, subjectType: "company", subjectId: 1 }, tx),
    );
    // The customer's own request: the session row names nobody.
    await useSessionToken(
      (await openSession({ userId: customer.id, method: "password", twoFactorPending: false, strongAuth: false, client })).token,
    );
    expect((await requireUser()).session.impersonatorUserId).toBeNull();
    await recordActivity({ actorUserId: customer.id, type: ACTIVITY.newsroomLogoRemoved, subjectType: "company", subjectId: 1 });
    const rows = await db.activityLog.findMany({ where: { actorUserId: customer.id, subjectType: "company" }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.type, r.impersonatorUserId])).toEqual([
      [ACTIVITY.newsroomProfileUpdated, staff.user.id],
      [ACTIVITY.newsroomContactAdded, staff.user.id],
      [ACTIVITY.newsroomLogoRemoved, null],
    ]);
  });

  it("believes no cookie about who acts: a cookie that names a staff member beside the customer's own session stamps nothing", async () => {
    // The shape the start used to write and /api/auth/session re-issued for two weeks.
    const { staff, customer } = await impersonating();
    const own = await openSession({ userId: customer.id, method: "password", twoFactorPending: false, strongAuth: false, client });
    (await nextHeaders.cookies()).set(
      "pd.session",
      await encode({ token: { sid: own.token, imp: staff.user.id }, secret: getConfig().auth.secret }),
    );
    expect((await requireUser()).session.id).toBe((await resolveSessionToken(own.token))!.session.id);
    await recordActivity({ actorUserId: customer.id, type: ACTIVITY.newsroomProfileUpdated, subjectType: "company", subjectId: 2 });
    expect(
      await db.activityLog.findFirstOrThrow({ where: { actorUserId: customer.id, subjectType: "company", subjectId: "2" } }),
    ).toMatchObject({ impersonatorUserId: null });
  });

  it("is ended once by two clicks at once, with one entry; another session is not an impersonation to end", async () => {
    const { staff, customer, started } = await impersonating();
    const own = await openSession({ userId: customer.id, method: "password", twoFactorPending: false, strongAuth: false, client });
    expect(await endImpersonation({ token: own.token })).toBeNull();
    const ended = await Promise.all([endImpersonation({ token: started.token }), endImpersonation({ token: started.token })]);
    expect(ended.filter(Boolean)[0]).toEqual({
      targetUserId: customer.id,
      impersonatorUserId: staff.user.id,
      staffSessionId: staff.active.session.id,
    });
    expect(
      await db.activityLog.findMany({
        where: { type: ACTIVITY.userImpersonationEnded, subjectId: String(customer.id) },
        select: { actorUserId: true, result: true },
      }),
    ).toEqual([{ actorUserId: staff.user.id, result: "ended" }]);
    expect(await resolveSessionToken(started.token)).toBeNull();
    expect(await resolveSessionToken(own.token)).not.toBeNull();
    expect(await resolveSessionToken(staff.token)).not.toBeNull();
  });
});
