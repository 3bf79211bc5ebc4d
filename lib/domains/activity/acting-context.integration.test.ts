import { describe, expect, it, vi } from "vitest";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { startImpersonation } from "@/lib/domains/auth/impersonation/start-impersonation";
import { resolveSessionToken } from "@/lib/domains/auth/sessions/resolve-session";
import { openSession } from "@/lib/domains/auth/sessions/start-session";
import { saveDashboardRelease } from "@/lib/adapters/dashboard/save-dashboard-release";
import { EMPTY_RELEASE_FORM } from "@/lib/adapters/dashboard/release-rules";
import { db } from "@/lib/core/db/client";
import { drainQueue } from "@/lib/runtime/jobs/local-worker";
import { seedUser, unique } from "@/tests/factories";
import { setLimits } from "@/tests/limits";
import { useSessionToken, withPageSession } from "@/tests/page-session";
import { GOOD_BODY, seedNewsroom } from "@/tests/release-fixtures";

// Support staff act as a customer and submit a release on the embedded default, where the job
// that checks it runs right after the dispatch, in this process, started from the request. The
// submission is the staff member's doing and is recorded so; the automatic check is nobody's,
// and neither is any other customer's job the same worker runs.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
vi.mock("next/cache", () => ({ refresh: () => {} }));
withPageSession();

const client = { ip: "192.0.2.71", userAgent: "test" };

async function until(done: () => Promise<boolean>) {
  for (let i = 0; i < 200 && !(await done()); i++) await new Promise((r) => setTimeout(r, 50));
}

describe("the acting context", () => {
  it("names the impersonator on the action's rows, never on the rows of the jobs the action started", async () => {
    const { owner, company } = await seedNewsroom();
    const other = await seedNewsroom();
    const category = await db.category.create({ data: { portal: "business", slug: unique("kat"), nameDe: "Energie", nameEn: "Energy" } });
    const values = {
      ...EMPTY_RELEASE_FORM,
      companyId: String(company.id),
      portal: "business",
      language: "de",
      categoryId: String(category.id),
      title: `Beispiel AG eröffnet Werk ${unique("t")}`,
      body: GOOD_BODY,
      location: "Berlin",
      contactName: "Pressestelle",
      contactEmail: "presse@beispiel.de",
      aiDeclaration: "without_ai",
    };
    const { releaseId } = await saveDashboardRelease({ userId: owner.id, values, submit: false });
    // Another customer's release waits in the same queue.
    const theirs = await saveDashboardRelease({
      userId: other.owner.id,
      values: { ...values, companyId: String(other.company.id), title: `Andere GmbH ${unique("t")}` },
      submit: true,
    });

    const staff = await seedUser({ staffRole: "admin", permissions: ["users:manage"] });
    const staffSession = await openSession({ userId: staff.id, method: "password", twoFactorPending: false, strongAuth: true, client });
    const started = await startImpersonation({
      staff: (await resolveSessionToken(staffSession.token))!,
      targetUserId: owner.id,
      reason: "Ticket 12: Einreichen klappt nicht",
      client,
    });
    await useSessionToken(started.token);

    setLimits({ JOBS_AUTO_DRAIN: "true" });
    try {
      const { saveRelease } = await import("@/app/hub/dashboard/releases/actions");
      expect(await saveRelease(null, { releaseId, values, submit: true } as never)).toMatchObject({ ok: true });
      // The worker started by the dispatch checks both releases.
      await until(
        async () => (await db.pressRelease.count({ where: { id: { in: [releaseId, theirs.releaseId] }, status: "in_review" } })) === 0,
      );
    } finally {
      // Back to the suite's setting (tests/setup.ts): the tests work the queue themselves.
      setLimits({ JOBS_AUTO_DRAIN: "false" });
    }
    await drainQueue();

    const rows = await db.activityLog.findMany({
      where: {
        type: ACTIVITY.releaseStatusChanged,
        subjectType: "press_release",
        subjectId: { in: [String(releaseId), String(theirs.releaseId)] },
      },
      orderBy: { id: "asc" },
    });
    const submitted = rows.filter((r) => r.subjectId === String(releaseId) && r.result === "in_review");
    const byTheCheck = rows.filter((r) => (r.metadata as { actor?: string } | null)?.actor === "ki");
    expect(submitted.map((r) => [r.actorUserId, r.impersonatorUserId])).toEqual([[owner.id, staff.id]]);
    expect(byTheCheck.map((r) => r.subjectId).sort()).toEqual([String(releaseId), String(theirs.releaseId)].sort());
    expect(byTheCheck.map((r) => r.impersonatorUserId)).toEqual([null, null]);
  });
});
