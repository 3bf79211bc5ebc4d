import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { syncSearchMirror } from "@/lib/domains/releases/search-mirror";
import { seedCompany, seedRelease, unique } from "@/tests/factories";
import { seedAdmin, seedNewsroom } from "@/tests/release-fixtures";
import { decideReleaseAsAdmin } from "./release-actions";
import { loadAdminRelease, releaseActionsFor } from "./release-detail";
import { countAdminReleasesByStatus, parseAdminReleaseQuery, searchAdminReleases } from "./release-search";

// What /admin/releases and /admin/releases/[id] read: every release of every newsroom through
// the search mirror, with the filters of the screen, and the detail with history and requests.

async function mirrored(data: Parameters<typeof seedRelease>[0]) {
  const release = await seedRelease(data);
  await syncSearchMirror(db, release.id);
  return release;
}

describe("admin release search", () => {
  it("finds releases of every newsroom by words, status, portal, language and newsroom, newest first", async () => {
    const word = unique("windkraft").replace("-", "");
    const a = await seedCompany({ slug: unique("nordwind") });
    const b = await seedCompany({ portal: "tech", slug: unique("sudwind") });
    const day = (d: number) => new Date(Date.UTC(2026, 2, d));
    const older = await mirrored({ companyId: a.id, status: "published", publishedAt: day(1), title: `Neue ${word} Anlage` });
    const newer = await mirrored({ companyId: a.id, status: "published", publishedAt: day(2), title: `Zweite ${word} Anlage` });
    const draft = await mirrored({ companyId: a.id, status: "draft", title: `Entwurf ${word}` });
    const english = await mirrored({
      companyId: b.id,
      portal: "tech",
      language: "en",
      status: "published",
      publishedAt: day(3),
      title: `A ${word} park`,
    });

    const ids = async (params: Record<string, string>) => (await searchAdminReleases(parseAdminReleaseQuery(params))).rows.map((r) => r.id);
    expect(await ids({ newsroom: String(a.id) })).toEqual([draft.id, newer.id, older.id]);
    expect(await ids({ newsroom: a.slug, status: "published" })).toEqual([newer.id, older.id]);
    expect(await ids({ q: word, portal: "tech" })).toEqual([english.id]);
    // Words keep the order: newest first (an unpublished draft has no date and leads).
    expect(await ids({ q: word, newsroom: String(a.id) })).toEqual([draft.id, newer.id, older.id]);
    expect(await ids({ q: word, language: "de", status: "draft" })).toEqual([draft.id]);
    expect(await ids({ newsroom: "gibt-es-nicht" })).toEqual([]);

    const all = await searchAdminReleases(parseAdminReleaseQuery({ newsroom: String(a.id), status: "nonsense", portal: "x", page: "-3" }));
    expect(all).toMatchObject({ total: 3, totalCapped: false, pageCount: 1, newsrooms: [{ id: a.id }] });
    expect(all.rows[0]).toMatchObject({ id: draft.id, company: { id: a.id }, goneAt: null });
  });

  it("lists a release named by its number, whatever the filters, and counts it as the one found", async () => {
    const { company } = await seedNewsroom();
    const release = await mirrored({ companyId: company.id, status: "draft" });
    for (const q of [`Nr. ${release.id}`, `nr.${release.id}`, `#${release.id}`, String(release.id)]) {
      const found = await searchAdminReleases(parseAdminReleaseQuery({ q, status: "published" }));
      expect([q, found.total, found.rows.map((r) => r.id)]).toEqual([q, 1, [release.id]]);
    }
    const none = await searchAdminReleases(parseAdminReleaseQuery({ q: "2147483000" }));
    expect([none.total, none.rows]).toEqual([0, []]);
  });

  it("puts a release under the status it has, even where its search row still says another", async () => {
    const { company } = await seedNewsroom();
    const release = await mirrored({ companyId: company.id, status: "scheduled", scheduledAt: new Date(Date.now() + 86_400_000) });
    // A row behind the release, as a step that forgot the mirror would leave it.
    await db.pressReleaseSearch.update({ where: { pressReleaseId: release.id }, data: { status: "in_review" } });
    const inReview = await searchAdminReleases(parseAdminReleaseQuery({ newsroom: String(company.id), status: "in_review" }));
    expect(inReview.rows.map((r) => r.status)).not.toContain("scheduled");
    const counts = await countAdminReleasesByStatus(parseAdminReleaseQuery({ newsroom: String(company.id) }));
    expect(counts).toMatchObject({ all: 1, scheduled: 1 });
    expect(counts.in_review ?? 0).toBe(0);
    // A tab lists what it counts, also a release whose search row is missing altogether.
    await db.pressReleaseSearch.delete({ where: { pressReleaseId: release.id } });
    const scheduled = await searchAdminReleases(parseAdminReleaseQuery({ newsroom: String(company.id), status: "scheduled" }));
    expect([scheduled.total, scheduled.rows.map((r) => r.id)]).toEqual([counts.scheduled, [release.id]]);
  });
});

describe("admin release detail", () => {
  it("shows facts, history with the editor's name, images, legal requests and the decisions the state allows", async () => {
    const editor = await seedAdmin(["press-releases:publish"]);
    const { company } = await seedNewsroom();
    const release = await mirrored({ companyId: company.id, status: "published", publishedAt: new Date(), publishedEverAt: new Date() });
    await db.legalRequest.create({
      data: {
        track: "correction",
        pressReleaseId: release.id,
        companyId: company.id,
        requesterName: "Erika Muster",
        requesterEmail: "erika@example.test",
        body: "Zahl falsch",
      },
    });
    await decideReleaseAsAdmin({ adminUserId: editor.id, releaseId: release.id, action: "depublish", reason: "Prüfung" });

    const detail = await loadAdminRelease(release.id, await seedAdmin(["press-releases:publish", "compliance:manage"]));
    expect(detail.release).toMatchObject({ id: release.id, status: "depublished", company: { id: company.id } });
    expect(detail.publicUrl).toMatch(new RegExp(`/de/pressemitteilung/${release.slug}$`));
    expect(detail.history[0]).toMatchObject({ outcome: "depublish", reason: "Prüfung", actorName: editor.name });
    expect(detail.legalRequests).toMatchObject([{ track: "correction", status: "received", requesterName: "Erika Muster" }]);
    expect([detail.imageCount, detail.removedImageCount]).toEqual([0, 0]);
    expect(detail.actions).toEqual(["tombstone", "republish", "delete"]);

    const draft = await mirrored({ companyId: company.id, status: "draft" });
    expect((await loadAdminRelease(draft.id, editor)).publicUrl).toBeNull();
    await expect(loadAdminRelease(2_147_483_000, editor)).rejects.toMatchObject({ code: "not_found" });
  });

  it("offers exactly the moves each state allows, only unmark while tombstoned, and full deletion always", () => {
    const at = (status: string, goneAt: Date | null = null) =>
      releaseActionsFor({ status, goneAt }, { legallyWithdrawn: false, mayLiftWithdrawal: false });
    expect(at("published")).toEqual(["tombstone", "depublish", "archive", "delete"]);
    expect(at("archived")).toEqual(["tombstone", "depublish", "unarchive", "delete"]);
    expect(at("depublished")).toEqual(["tombstone", "republish", "delete"]);
    expect(at("draft")).toEqual(["tombstone", "delete"]);
    expect(at("published", new Date())).toEqual(["unmark", "delete"]);
  });
});

describe("admin release screens read as the attacker", () => {
  it("a NUL or a lone surrogate in the newsroom parameter is dropped, not sent to the database", async () => {
    const company = await seedCompany({ slug: unique("nullbyte") });
    const release = await mirrored({ companyId: company.id, status: "published", publishedAt: new Date() });
    expect(parseAdminReleaseQuery({ newsroom: `${company.slug.slice(0, 3)}\u0000${company.slug.slice(3)}` }).newsroom).toBe(company.slug);
    expect((await searchAdminReleases(parseAdminReleaseQuery({ newsroom: `${company.slug}\u0000` }))).rows.map((r) => r.id)).toEqual([
      release.id,
    ]);
    // Nothing storable left: no newsroom filter, the whole list, as for an empty field.
    for (const newsroom of ["\u0000", "\ud800", " \u0000 "]) {
      expect(parseAdminReleaseQuery({ newsroom }).newsroom).toBe("");
      await expect(searchAdminReleases(parseAdminReleaseQuery({ newsroom }))).resolves.toHaveProperty("rows");
    }
    await expect(searchAdminReleases(parseAdminReleaseQuery({ newsroom: "%00" }))).resolves.toMatchObject({ rows: [] });
  });

  it("an editor without compliance:manage does not get the requester's name of a legal request", async () => {
    const { company } = await seedNewsroom();
    const release = await mirrored({ companyId: company.id, status: "published", publishedAt: new Date(), publishedEverAt: new Date() });
    await db.legalRequest.create({
      data: {
        track: "report",
        source: "form",
        pressReleaseId: release.id,
        requesterName: "Vertraulich Hinweisgeberin",
        requesterEmail: "hinweis@example.test",
        body: "Persönlichkeitsrecht",
      },
    });

    const editor = await seedAdmin(["press-releases:publish"]);
    const shown = await loadAdminRelease(release.id, editor);
    expect(shown.legalRequests).toHaveLength(1);
    expect(shown.legalRequests[0]).not.toHaveProperty("requesterName");
    expect(JSON.stringify(shown)).not.toMatch(/Vertraulich|hinweis@example/);

    const compliance = await loadAdminRelease(release.id, await seedAdmin(["press-releases:publish", "compliance:manage"]));
    expect(compliance.legalRequests[0]).toMatchObject({ requesterName: "Vertraulich Hinweisgeberin" });
  });

  it("names a legal withdrawal and offers republish only to whoever may lift it", async () => {
    const { company } = await seedNewsroom();
    const release = await mirrored({ companyId: company.id, status: "depublished", publishedAt: new Date(), publishedEverAt: new Date() });
    const request = await db.legalRequest.create({
      data: {
        track: "report",
        source: "form",
        status: "executed",
        pressReleaseId: release.id,
        requesterName: "Anonym",
        requesterEmail: "a@example.test",
        body: "x",
        executedAt: new Date(),
      },
    });
    const correction = await db.pressReleaseCorrection.create({
      data: {
        pressReleaseId: release.id,
        legalRequestId: request.id,
        kind: "withdrawal",
        portal: release.portal,
        language: release.language,
        releaseTitle: release.title,
        note: "Zurückgezogen.",
      },
    });

    const editor = await loadAdminRelease(release.id, await seedAdmin(["press-releases:publish"]));
    expect(editor.legalWithdrawal).toEqual({ at: correction.createdAt, legalRequestId: request.id, mayLift: false });
    expect(editor.actions).toEqual(["tombstone", "delete"]);
    const compliance = await loadAdminRelease(release.id, await seedAdmin(["press-releases:publish", "compliance:manage"]));
    expect(compliance.legalWithdrawal).toMatchObject({ legalRequestId: request.id, mayLift: true });
    expect(compliance.actions).toEqual(["tombstone", "republish", "delete"]);
  });
});
