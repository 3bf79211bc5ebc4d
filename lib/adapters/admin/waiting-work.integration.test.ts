import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import type { StaffUser } from "@/lib/domains/accounts/permissions";
import { listOverdueReleases } from "@/lib/domains/review/overdue-work";
import { requestCheckAgain } from "@/lib/domains/review/request-check-again";
import { seedCompany, seedRelease, seedUser } from "@/tests/factories";
import { seedAdmin } from "@/tests/release-fixtures";
import { loadSystemStatus } from "@/lib/adapters/operations/load-system-status";
import { navBadgesOf, waitingWorkFor, type WaitingKind } from "./waiting-work";

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
const staff = (over: Partial<StaffUser>): StaffUser => ({ isActive: true, deletedAt: null, staffRole: "admin", permissions: [], ...over });
const SUPER = staff({ staffRole: "super_admin" });
const countsOf = async (user: StaffUser) =>
  Object.fromEntries((await waitingWorkFor(user)).map((w) => [w.kind, w.count])) as Partial<Record<WaitingKind, number>>;

describe("what waits for the editors (admin start page and navigation badges)", () => {
  it("counts each queue with the condition of the list it links to", async () => {
    const before = await countsOf(SUPER);
    const company = await seedCompany();
    // Review queue: flagged or in the manual queue; a release in automatic review is not.
    await seedRelease({ companyId: company.id, status: "in_review", reviewFlaggedAt: new Date() });
    await seedRelease({ companyId: company.id, status: "in_review", manualQueueAt: new Date() });
    await seedRelease({ companyId: company.id, status: "in_review" });
    // Stuck: in automatic review for 20 minutes with no check, and a scheduled release 20 minutes late.
    const stuck = await seedRelease({ companyId: company.id, status: "in_review", updatedAt: minutesAgo(20) });
    const late = await seedRelease({ companyId: company.id, status: "scheduled", scheduledAt: minutesAgo(20) });
    await db.legalRequest.create({
      data: { track: "report", status: "received", requesterName: "Lea Leser", requesterEmail: "lea@example.com", body: "Bitte prüfen." },
    });
    await db.contactMessage.create({ data: { name: "Ben", email: "ben@example.com", subject: "Frage", body: "Wie geht das?" } });
    await db.contactMessage.create({
      data: { name: "Ben", email: "ben@example.com", subject: "Erledigt", body: "Danke.", status: "closed" },
    });
    await db.mailOutbox.create({
      data: {
        to: "neu@example.com",
        from: "noreply@example.com",
        subject: "Ihr Code (neu)",
        html: "",
        text: "",
        headers: {},
        mailType: "identity_code",
        status: "failed",
      },
    });
    await db.mailOutbox.create({
      data: {
        to: "alt@example.com",
        from: "noreply@example.com",
        subject: "Alt",
        html: "",
        text: "",
        headers: {},
        mailType: "identity_code",
        status: "failed",
        createdAt: new Date(Date.now() - 8 * 24 * 60 * 60_000),
      },
    });

    const after = await countsOf(SUPER);
    const delta = (k: WaitingKind) => (after[k] ?? 0) - (before[k] ?? 0);
    expect({
      review: delta("review"),
      overdue: delta("overdue"),
      legal: delta("legal"),
      contact: delta("contact"),
      failedMail: delta("failedMail"),
    }).toEqual({ review: 2, overdue: 2, legal: 1, contact: 1, failedMail: 1 });
    // The system status lists the same failed mails the count counts: kind and masked address, never the subject.
    const failed = (await loadSystemStatus()).failedMails;
    expect(failed.filter((m) => m.kind === "Bestätigungscode" && m.to === "n…@example.com")).toHaveLength(1);
    expect(failed.some((m) => m.to === "a…@example.com")).toBe(false);
    expect(JSON.stringify(failed)).not.toMatch(/Ihr Code|neu@example\.com/);
    const listed = (await listOverdueReleases(200)).filter((r) => r.id === stuck.id || r.id === late.id);
    expect(listed.map((r) => [r.id, r.kind])).toEqual(
      expect.arrayContaining([
        [stuck.id, "review"],
        [late.id, "scheduled"],
      ]),
    );
  });

  it("counts a release sent back to review unchanged as stuck: its earlier check belongs to an earlier round", async () => {
    const company = await seedCompany();
    const release = await seedRelease({ companyId: company.id, status: "in_review", updatedAt: minutesAgo(20) });
    await db.pressReleaseClassification.create({
      data: {
        pressReleaseId: release.id,
        result: "green",
        reasons: [],
        contentHash: release.contentHash,
        reviewFingerprint: release.reviewFingerprint,
        classifier: "test",
        attempt: 0,
        createdAt: minutesAgo(60),
      },
    });
    const listed = async () => (await listOverdueReleases(200)).some((r) => r.id === release.id);
    // Checked in this round: not stuck.
    expect(await listed()).toBe(false);
    // A new round began after that check (sent back to review from scheduled): stuck again.
    await db.pressReleaseHistory.create({
      data: { pressReleaseId: release.id, fromStatus: "scheduled", toStatus: "in_review", actorType: "system", createdAt: minutesAgo(30) },
    });
    expect(await listed()).toBe(true);
  });

  it("shows each person only what they may open, and the badges sum per screen", async () => {
    const legalOnly = await countsOf(staff({ permissions: ["compliance:manage"] }));
    expect(Object.keys(legalOnly)).toEqual(["legal"]);
    const editor = await waitingWorkFor(staff({ permissions: ["press-releases:publish"] }));
    expect(editor.map((w) => w.kind)).toEqual(["review", "images", "overdue"]);
    expect(await waitingWorkFor(staff({ staffRole: "user", permissions: ["press-releases:publish"] }))).toEqual([]);
    expect(await waitingWorkFor(staff({ staffRole: "super_admin", isActive: false }))).toEqual([]);
    const badges = navBadgesOf([
      { kind: "review", count: 3, label: "", hint: "", href: "/admin/review", navHref: "/admin/review" },
      { kind: "overdue", count: 0, label: "", hint: "", href: "/admin/releases?status=overdue", navHref: "/admin/releases" },
      { kind: "contact", count: 2, label: "", hint: "", href: "/admin/contact?status=open", navHref: "/admin/contact" },
    ]);
    expect(badges).toEqual({ "/admin/review": 3, "/admin/contact": 2 });
  });
});

describe("an editor's way out for a release stuck in review", () => {
  const queued = (releaseId: number) =>
    db.jobQueue.count({ where: { name: "release/review", dedupeKey: { startsWith: `review:${releaseId}:editor:` } } });

  it("queues its check once however often editors click at once, and logs each request", async () => {
    const editor = await seedAdmin(["press-releases:publish"]);
    const other = await seedAdmin(["press-releases:publish"]);
    const company = await seedCompany();
    const stuck = await seedRelease({ companyId: company.id, status: "in_review", updatedAt: minutesAgo(30) });
    const now = new Date();
    await Promise.all([
      requestCheckAgain({ releaseId: stuck.id, editorUserId: editor.id, now }),
      requestCheckAgain({ releaseId: stuck.id, editorUserId: other.id, now }),
      requestCheckAgain({ releaseId: stuck.id, editorUserId: editor.id, now }),
    ]);
    expect(await queued(stuck.id)).toBe(1);
    const logged = await db.activityLog.findMany({ where: { type: "release.check_requested", subjectId: String(stuck.id) } });
    expect(logged.map((l) => l.actorUserId).sort()).toEqual([editor.id, editor.id, other.id].sort());
  });

  it("refuses a release that does not wait for its check, and anyone without the editors' permission", async () => {
    const editor = await seedAdmin(["press-releases:publish"]);
    const company = await seedCompany();
    const published = await seedRelease({ companyId: company.id, status: "published", publishedAt: new Date() });
    const manual = await seedRelease({
      companyId: company.id,
      status: "in_review",
      manualQueueAt: minutesAgo(30),
      updatedAt: minutesAgo(30),
    });
    // Still on its way: five minutes in review is no reason to buy another check.
    const fresh = await seedRelease({ companyId: company.id, status: "in_review", updatedAt: minutesAgo(5) });
    for (const r of [published, manual, fresh])
      await expect(requestCheckAgain({ releaseId: r.id, editorUserId: editor.id })).rejects.toMatchObject({ code: "conflict" });

    // As the attacker: a customer, and staff holding only another permission.
    const stuck = await seedRelease({ companyId: company.id, status: "in_review", updatedAt: minutesAgo(30) });
    const customer = await seedUser();
    const support = await seedAdmin(["users:manage"]);
    for (const who of [customer, support]) {
      const refused = await requestCheckAgain({ releaseId: stuck.id, editorUserId: who.id }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(AppError);
    }
    expect(await queued(stuck.id)).toBe(0);
    await expect(requestCheckAgain({ releaseId: 2_147_483_000, editorUserId: editor.id })).rejects.toMatchObject({ code: "not_found" });
  });
});
