import { describe, expect, it, vi } from "vitest";
import type { Permission } from "@/lib/domains/accounts/permissions";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { db } from "@/lib/core/db/client";
import { seedUser } from "@/tests/factories";
import { signIn, signOut, withPageSession } from "@/tests/page-session";

// The four reports as an attacker tries them: staff holding other permissions, a customer, no
// session. The pages and the CSV route run for real behind a session cookie.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
withPageSession();

/** What a forbidden() or redirect() of Next threw (its digest), else "rendered". */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "rendered",
    (e: { digest?: string }) => e.digest ?? String(e),
  );
const params = (p: Record<string, string> = {}) => ({ searchParams: Promise.resolve(p) });

const PAGES = {
  activityReport: async () => (await import("./activity/page")).default(params({ type: ACTIVITY.userLoggedIn, q: "x" })),
  indexingReport: async () => (await import("./indexing/page")).default(params({ from: "2001-01-01" })),
  submitterReport: async () => (await import("./submitters/page")).default(params()),
  funnelReport: async () => (await import("./funnel/page")).default(params({ to: "2001-01-31" })),
  reachReport: async () => (await import("./reach/page")).default(params({ portal: "tech" })),
} as const;
const csv = async (part = "addresses") =>
  (await import("./submitters/csv/route")).GET(new Request(`http://hub.localhost/admin/reports/submitters/csv?part=${part}`));

describe("admin reports: each page demands its own permission", () => {
  for (const [screen, render] of Object.entries(PAGES) as [keyof typeof PAGES, () => Promise<unknown>][]) {
    const needed = ADMIN_SCREENS[screen].permission;
    it(`${ADMIN_SCREENS[screen].href} opens with ${needed} and for an active super-admin; refuses other staff and customers`, async () => {
      await signIn((await seedUser({ staffRole: "admin", permissions: [needed] })).id);
      expect(await outcome(render())).toBe("rendered");
      await signIn((await seedUser({ staffRole: "super_admin" })).id);
      expect(await outcome(render())).toBe("rendered");

      const others = (
        ["billing:manage", "companies:write", "users:manage", "press-releases:publish", "compliance:manage"] as Permission[]
      ).filter((p) => p !== needed);
      await signIn((await seedUser({ staffRole: "admin", permissions: others })).id);
      expect(await outcome(render())).toBe("NEXT_HTTP_ERROR_FALLBACK;403");
      // A customer, even one whose row lists the permission, and a retired super-admin.
      await signIn((await seedUser({ permissions: [needed] })).id);
      expect(await outcome(render())).toBe("NEXT_HTTP_ERROR_FALLBACK;403");
      await signIn((await seedUser({ staffRole: "super_admin", isActive: false })).id);
      expect(await outcome(render())).not.toBe("rendered");
      signOut();
      expect(await outcome(render())).toMatch(/^NEXT_REDIRECT;.*\/login;/);
    });
  }
});

describe("GET /admin/reports/submitters/csv", () => {
  it("answers staff holding the submitter report's permission with a CSV download", async () => {
    await db.emailSuppression.create({ data: { email: "csv-dead@example.test", state: "hard_bounce" } });
    const author = await seedUser({ email: "csv-dead@example.test" });
    const company = await db.company.create({ data: { portal: "business", slug: "csv-route", name: "CSV GmbH" } });
    await db.pressRelease.create({
      data: {
        companyId: company.id,
        authorUserId: author.id,
        portal: "business",
        language: "de",
        slug: "csv-route",
        title: "T",
        body: "<p>B</p>",
        contentHash: "x",
      },
    });
    await signIn((await seedUser({ staffRole: "admin", permissions: [ADMIN_SCREENS.submitterReport.permission] })).id);
    const res = await csv();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="einsender-unzustellbar\.csv"/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await res.text()).toContain('"csv-dead@example.test"');
    expect((await csv("rejections")).status).toBe(200);
  });

  it("refuses staff without the permission, customers and visitors, without a byte of the report", async () => {
    await signIn(
      (await seedUser({ staffRole: "admin", permissions: ["billing:manage", "users:manage", "compliance:manage", "companies:write"] })).id,
    );
    for (const part of ["addresses", "rejections"]) {
      const res = await csv(part);
      expect(res.status).toBe(403);
      expect(await res.text()).not.toContain("@");
    }
    await signIn((await seedUser({ permissions: [ADMIN_SCREENS.submitterReport.permission] })).id);
    expect((await csv()).status).toBe(403);
    signOut();
    expect((await csv()).status).toBe(401);
  });
});
