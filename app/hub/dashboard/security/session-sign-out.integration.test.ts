import { describe, expect, it, vi } from "vitest";
import { openSession } from "@/lib/domains/auth/sessions/start-session";
import { signOutSession } from "@/lib/domains/auth/sessions/sign-out-session";
import { CustomerOnlyActionError } from "@/lib/core/errors/customer-acting";
import { db } from "@/lib/core/db/client";
import { signIn, withPageSession } from "@/tests/page-session";
import { seedUserWithRandomId } from "@/tests/two-factor-fixtures";

// "Abmelden" beside one device ends that one session of the person's own, and nothing else.
// The session id comes back from the browser, so it is tried as an attacker would: another
// account's session, the current one, a support-access row, ids that are no ids.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
vi.mock("next/cache", () => ({ refresh: () => {} }));
withPageSession();

const actions = () => import("./actions");
const device = (userId: number, extra: { impersonatorUserId?: number; impersonatorSessionId?: number } = {}) =>
  openSession({
    userId,
    method: "password",
    twoFactorPending: false,
    strongAuth: false,
    client: { ip: "198.51.100.20", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0 Safari/537.36" },
    ...extra,
  });
const exists = async (id: number) => (await db.session.count({ where: { id } })) === 1;
const noForm = () => new FormData();

async function signedIn() {
  const user = await seedUserWithRandomId();
  await signIn(user.id);
  const current = await db.session.findFirstOrThrow({ where: { userId: user.id }, orderBy: { id: "desc" } });
  return { user, current };
}

describe("ending one session", () => {
  it("ends the chosen other session of one's own and keeps this one and the rest", async () => {
    const { user, current } = await signedIn();
    const phone = await device(user.id);
    const laptop = await device(user.id);
    const answer = await (await actions()).signOutSessionAction(phone.sessionId, null, noForm());
    expect(answer).toMatchObject({ ok: true, message: "Das Gerät wurde abgemeldet." });
    expect([await exists(phone.sessionId), await exists(laptop.sessionId), await exists(current.id)]).toEqual([false, true, true]);
  });

  it("ends nothing of another account, and does not say whether the id exists", async () => {
    const victim = await seedUserWithRandomId();
    const victimSession = await device(victim.id);
    await signedIn();
    const answer = await (await actions()).signOutSessionAction(victimSession.sessionId, null, noForm());
    const unknown = await (await actions()).signOutSessionAction(2_000_000_000, null, noForm());
    expect(answer).toEqual(unknown);
    expect(answer).toMatchObject({ ok: false, code: "not_found" });
    expect(await exists(victimSession.sessionId)).toBe(true);
  });

  it("does not end the current session, a support-access row, or anything for ids that are no ids", async () => {
    const { user, current } = await signedIn();
    const staff = await seedUserWithRandomId({ staffRole: "admin" });
    const staffSession = await device(staff.id);
    const support = await device(user.id, { impersonatorUserId: staff.id, impersonatorSessionId: staffSession.sessionId });
    const { signOutSessionAction } = await actions();
    for (const id of [current.id, support.sessionId, -1, 0, 1.5, Number.NaN, "7" as unknown as number, null as unknown as number]) {
      expect(await signOutSessionAction(id, null, noForm())).toMatchObject({ ok: false });
    }
    expect([await exists(current.id), await exists(support.sessionId)]).toEqual([true, true]);
  });

  it("is refused to staff acting as the customer, before anything is looked up", async () => {
    const user = await seedUserWithRandomId();
    const other = await device(user.id);
    const err = await signOutSession(user.id, { id: 1, impersonatorUserId: 42 }, other.sessionId).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CustomerOnlyActionError);
    expect(await exists(other.sessionId)).toBe(true);
  });
});
