import { describe, expect, it, vi } from "vitest";
import { markCompanyGone } from "@/lib/domains/releases/tombstone";
import { db } from "@/lib/core/db/client";
import { publishDueReleases } from "@/lib/domains/releases/publish-scheduled";
import { legacyView } from "@/lib/adapters/public/legacy-view";
import { newsroomPageData } from "@/lib/adapters/public/newsroom-page";
import { releasePageData } from "@/lib/adapters/public/release-page";
import { publicDecision, resetTombstoneIndex } from "@/lib/adapters/public/tombstone-index";
import { syncSearchMirror } from "@/lib/domains/releases/search-mirror";
import { runCommand } from "@/tests/console-run";
import { seedRelease } from "@/tests/factories";
import { signIn, withPageSession } from "@/tests/page-session";
import { historyOf, seedAdmin, seedNewsroom } from "@/tests/release-fixtures";
import { deleteCompanyAction } from "./actions";

// Spec 2.2's soft delete of a newsroom as the editor meets it in the admin area, and its undo
// on the console (companies:restore): releases on their way out stop, a tombstone set earlier
// turns into a plain 404, a newsroom with thousands of releases deletes inside one transaction,
// and a restore brings the public side back.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
withPageSession();
vi.mock("next/cache", () => ({ refresh: () => {} }));

const HOUR = 3_600_000;
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
/** The server action as the signed-in editor sends it; Next's redirect after success is its digest. */
const deleteAs = async (adminId: number, companyId: number, reason: string) => {
  await signIn(adminId);
  return deleteCompanyAction(companyId, null, form({ reason })).then(
    (v) => v,
    (e: { digest?: string }) => e.digest ?? e,
  );
};
const statusOf = async (id: number) => (await db.pressRelease.findUniqueOrThrow({ where: { id } })).status;

describe("deleting a newsroom", () => {
  it("sends its scheduled and in-review releases back to draft with a history row: nothing publishes later", async () => {
    const editor = await seedAdmin(["companies:write"]);
    const { company } = await seedNewsroom();
    const scheduled = await seedRelease({
      companyId: company.id,
      status: "scheduled",
      scheduledAt: new Date(Date.now() + HOUR),
      approvedReviewFingerprint: "a".repeat(64),
    });
    const inReview = await seedRelease({ companyId: company.id, status: "in_review", manualQueueAt: new Date() });
    const draft = await seedRelease({ companyId: company.id, status: "draft" });

    expect(await deleteAs(editor.id, company.id, "Kunde bat um Löschung")).toMatch(/^NEXT_REDIRECT;/);
    for (const r of [scheduled, inReview, draft]) expect(await statusOf(r.id)).toBe("draft");
    expect(await db.pressRelease.findUniqueOrThrow({ where: { id: scheduled.id } })).toMatchObject({ approvedReviewFingerprint: null });
    expect(await db.pressRelease.findUniqueOrThrow({ where: { id: inReview.id } })).toMatchObject({ manualQueueAt: null });
    for (const [r, from] of [
      [scheduled, "scheduled"],
      [inReview, "in_review"],
    ] as const) {
      expect((await historyOf(r.id)).at(-1)).toMatchObject({
        fromStatus: from,
        toStatus: "draft",
        actorType: "admin",
        actorUserId: editor.id,
        outcome: "newsroom_deleted",
        reason: "Kunde bat um Löschung",
      });
    }
    expect(await historyOf(draft.id)).toEqual([]);
    // The scheduler comes by after the release's time: nothing of the deleted newsroom goes out.
    await publishDueReleases(new Date(Date.now() + 2 * HOUR));
    expect(await statusOf(scheduled.id)).toBe("draft");
  });

  it("a newsroom tombstoned earlier and then deleted answers 404 everywhere, not 410", async () => {
    const editor = await seedAdmin(["companies:write"]);
    const { company } = await seedNewsroom();
    const live = await seedRelease({
      companyId: company.id,
      status: "published",
      publishedAt: new Date(Date.now() - HOUR),
      publishedEverAt: new Date(Date.now() - HOUR),
    });
    await markCompanyGone({ companyId: company.id, actor: { type: "admin", userId: editor.id }, reason: "Firma erloschen" });
    resetTombstoneIndex();
    expect(await publicDecision("business", { kind: "newsroom", edition: "de", slug: company.slug, rest: "" })).toEqual({ status: 410 });
    expect((await legacyView("business", live.id)).status).toBe(410);

    expect(await deleteAs(editor.id, company.id, "Doppelt angelegt")).toMatch(/^NEXT_REDIRECT;/);
    resetTombstoneIndex();
    expect(await publicDecision("business", { kind: "newsroom", edition: "de", slug: company.slug, rest: "" })).toBeNull();
    expect(await publicDecision("business", { kind: "release", edition: "de", slug: live.slug })).toBeNull();
    expect((await legacyView("business", live.id)).status).toBe(404);
    expect(await newsroomPageData("business", "de", company.slug)).toBeNull();
  });

  it("a newsroom with 3,000 releases is deleted inside one transaction; readers' releases are announced as removed, once each", async () => {
    const editor = await seedAdmin(["companies:write"]);
    const { company } = await seedNewsroom();
    const published = new Date(Date.now() - 24 * HOUR);
    const template = await seedRelease({ companyId: company.id, status: "published", publishedAt: published, publishedEverAt: published });
    // The rest copied by SQL: 2,999 published releases with their mirror rows.
    await db.$executeRaw`
      INSERT INTO press_releases (company_id, portal, language, slug, title, body, content_hash, review_fingerprint, status, published_at, published_ever_at, created_at, updated_at)
      SELECT company_id, portal, language, slug || '-' || n, title, body, content_hash, review_fingerprint, status, published_at, published_ever_at, now(), now()
      FROM press_releases, generate_series(1, 2999) n WHERE id = ${template.id}`;
    const ids = (await db.pressRelease.findMany({ where: { companyId: company.id }, select: { id: true } })).map((r) => r.id);
    await syncSearchMirror(db, template.id, new Date(), { announce: false });
    await db.$executeRaw`
      INSERT INTO press_release_search (press_release_id, portal, language, status, company_id, title, lead, body_text, company_name, published_at, is_public, synced_at)
      SELECT r.id, r.portal, r.language, r.status, r.company_id, r.title, r.lead, 'Body', ${company.name}, r.published_at, true, now()
      FROM press_releases r WHERE r.company_id = ${company.id} AND r.id <> ${template.id}`;
    expect(await db.pressReleaseSearch.count({ where: { companyId: company.id, isPublic: true } })).toBe(3000);

    expect(await deleteAs(editor.id, company.id, "Kunde insolvent")).toMatch(/^NEXT_REDIRECT;/);
    expect(await db.pressReleaseSearch.count({ where: { companyId: company.id, isPublic: true } })).toBe(0);
    const pings = await db.indexNowPing.groupBy({ by: ["reason"], where: { pressReleaseId: { in: ids } }, _count: { _all: true } });
    expect(pings.map((p) => [p.reason, p._count._all])).toEqual([["removal", 3000]]);
  }, 60_000);
});

describe("companies:restore", () => {
  it("brings a deleted newsroom back: pages, search and IndexNow; drafts stay drafts; a reason is required; a live one is refused", async () => {
    const editor = await seedAdmin(["companies:write"]);
    const { owner, company } = await seedNewsroom();
    const live = await seedRelease({
      companyId: company.id,
      status: "published",
      publishedAt: new Date(Date.now() - HOUR),
      publishedEverAt: new Date(Date.now() - HOUR),
    });
    const scheduled = await seedRelease({ companyId: company.id, status: "scheduled", scheduledAt: new Date(Date.now() + HOUR) });
    for (const r of [live, scheduled]) await syncSearchMirror(db, r.id, new Date(), { announce: false });
    expect(await deleteAs(editor.id, company.id, "Versehentlich")).toMatch(/^NEXT_REDIRECT;/);
    expect(await releasePageData("business", "de", live.slug)).toBeNull();

    expect((await runCommand("companies:restore", String(company.id))).code).toBe(2);
    const r = await runCommand("companies:restore", String(company.id), "--reason=Löschung war ein Irrtum");
    expect([r.code, r.out]).toEqual([0, [`restored company ${company.id}: 2 releases, 1 public again`]]);
    expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).deletedAt).toBeNull();
    expect(await newsroomPageData("business", "de", company.slug)).not.toBeNull();
    expect(await releasePageData("business", "de", live.slug)).not.toBeNull();
    expect(await db.pressReleaseSearch.findUniqueOrThrow({ where: { pressReleaseId: live.id } })).toMatchObject({
      isPublic: true,
      companyName: company.name,
    });
    expect(
      await db.indexNowPing.findMany({ where: { pressReleaseId: live.id }, select: { reason: true }, orderBy: { id: "asc" } }),
    ).toEqual([{ reason: "removal" }, { reason: "publish" }]);
    expect(await statusOf(scheduled.id)).toBe("draft");
    expect(await db.companyUser.count({ where: { companyId: company.id, userId: owner.id } })).toBe(1);
    const [entry] = await db.activityLog.findMany({ where: { type: "company.restored", subjectId: String(company.id) } });
    expect(entry).toMatchObject({ reason: "Löschung war ein Irrtum", actorUserId: null });

    const again = await runCommand("companies:restore", String(company.id), "--reason=nochmal");
    expect([again.code, again.out]).toEqual([0, ["refused: This newsroom is not deleted."]]);
    expect((await runCommand("companies:restore", "2000000000", "--reason=x")).code).toBe(2);
  });
});
