import { randomBytes } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { openSession, closeSession } from "@/lib/domains/auth/sessions/start-session";
import { seedUser } from "./factories";
import { signIn, signOut, useSessionToken, withPageSession } from "./page-session";

// A person left a release page open; meanwhile their session ended (signed out on another
// device, expired, revoked). The page's script then asks for an image preview or a download: the
// answer is the spec's 419 (7) in the documented JSON shape, so the page can say "sign in again".
// A request that never had a session stays a plain 401.

vi.mock("next/headers", async () => (await import("./page-session")).nextHeaders);
withPageSession();

const preview = async () =>
  (await import("@/app/hub/dashboard/releases/[id]/images/[imageId]/preview/route")).GET(
    new Request("http://hub.localhost/dashboard/releases/7/images/9/preview"),
    { params: Promise.resolve({ id: "7", imageId: "9" }) },
  );
const csv = async () =>
  (await import("@/app/hub/admin/reports/submitters/csv/route")).GET(
    new Request("http://hub.localhost/admin/reports/submitters/csv?part=addresses"),
  );

describe("a hub page's request after its session ended", () => {
  it("answers 419 page_expired when the cookie's session was closed elsewhere", async () => {
    const user = await seedUser();
    const { token } = await openSession({
      userId: user.id,
      method: "password",
      strongAuth: true,
      twoFactorPending: false,
      client: { ip: "198.51.100.9" },
    });
    await useSessionToken(token);
    // Still open: the route goes on to its own check (no such image: 404).
    expect((await preview()).status).toBe(404);
    await closeSession(token);
    const res = await preview();
    expect(res.status).toBe(419);
    expect(await res.json()).toMatchObject({ error: { code: "page_expired", requestId: expect.any(String) } });
  });

  it("answers 419 for a cookie no session ever had (keys rotated, cookie from elsewhere), on staff downloads too", async () => {
    await useSessionToken(randomBytes(24).toString("base64url"));
    expect((await preview()).status).toBe(419);
    expect((await csv()).status).toBe(419);
  });

  it("answers 401 while the sign-in still waits for its second factor: nothing ended, it is not complete", async () => {
    const user = await seedUser();
    const { token } = await openSession({
      userId: user.id,
      method: "password",
      strongAuth: false,
      twoFactorPending: true,
      client: { ip: "198.51.100.9" },
    });
    await useSessionToken(token);
    for (const res of [await preview(), await csv()]) {
      expect(res.status).toBe(401);
      expect((await res.json()).error).toMatchObject({
        code: "unauthenticated",
        message: expect.stringContaining("second-factor challenge"),
      });
    }
  });

  it("answers 401 unauthenticated without any session cookie, and the usual refusals with a live one", async () => {
    signOut();
    const res = await preview();
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe("unauthenticated");
    await signIn((await seedUser({ staffRole: "admin", permissions: ["billing:manage"] })).id);
    expect((await csv()).status).toBe(403);
    await signIn((await seedUser({ staffRole: "admin", permissions: [ADMIN_SCREENS.submitterReport.permission] })).id);
    expect((await csv()).status).toBe(200);
  });
});
