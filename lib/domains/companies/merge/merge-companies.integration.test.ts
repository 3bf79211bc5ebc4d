import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { newsroomFeed } from "@/lib/adapters/public/feeds/feeds";
import { routeBySite } from "@/lib/adapters/public/site-routing";
import { publicCacheGeneration } from "@/lib/domains/releases/public-cache";
import { publicDecision, resetTombstoneIndex } from "@/lib/adapters/public/tombstone-index";
import { getSiteHosts } from "@/lib/domains/sites";
import { seedCompany, seedRelease, seedUser, unique } from "@/tests/factories";
import { syncEmailRights } from "../email-rights-sync";
import { mergeCompanies, type MergeOutcome } from "./merge-companies";
import { unmergeCompanies, type UnmergeOutcome } from "./unmerge-companies";

beforeEach(() => resetTombstoneIndex());

function merged(o: MergeOutcome) {
  if (o.kind !== "merged") throw new Error(`refused: ${o.message}`);
  return o;
}
function unmerged(o: UnmergeOutcome) {
  if (o.kind !== "unmerged") throw new Error(`refused: ${o.message}`);
  return o;
}

async function pair(email = `presse@${unique("firma")}.de`) {
  const survivor = await seedCompany({ portal: "business", email, website: "https://firma.example", credits: 3 });
  const other = await seedCompany({
    portal: "tech",
    email: ` ${email.toUpperCase()} `,
    descriptionDe: "Wir bauen Wärmepumpen.",
    logoPath: "logos/abc.webp",
    addressCity: "Kassel",
    website: "https://other.example",
    credits: 5,
  });
  return { survivor, other };
}

describe("companies:merge and companies:unmerge", () => {
  it("moves everything to the survivor, fills its empty fields, and the unmerge puts it all back", async () => {
    const { survivor, other } = await pair();
    const [both, onlyMerged, onlySurvivor] = [await seedUser(), await seedUser(), await seedUser()];
    const mBoth = await db.companyUser.create({ data: { companyId: other.id, userId: both.id, role: "owner", grantedVia: "manual" } });
    const sBoth = await db.companyUser.create({ data: { companyId: survivor.id, userId: both.id, role: "member", grantedVia: "auto" } });
    const mOnly = await db.companyUser.create({
      data: { companyId: other.id, userId: onlyMerged.id, role: "responsible", grantedVia: "api" },
    });
    await db.companyUser.create({ data: { companyId: survivor.id, userId: onlySurvivor.id, role: "owner", grantedVia: "manual" } });
    const release = await seedRelease({ companyId: other.id, portal: "tech", status: "published", publishedAt: new Date() });
    const sContact = await db.contact.create({ data: { companyId: survivor.id, name: "S", email: "s@firma.de", isDefault: true } });
    const mContact = await db.contact.create({ data: { companyId: other.id, name: "M", email: "m@firma.de", isDefault: true } });
    const expiresAt = new Date(Date.now() + 86_400_000);
    await db.companyInvitation.create({ data: { companyId: survivor.id, email: "neu@firma.de", role: "member", expiresAt } });
    const mInvite = await db.companyInvitation.create({ data: { companyId: other.id, email: "neu@firma.de", role: "member", expiresAt } });
    const boost = await db.boost.create({
      data: {
        companyId: other.id,
        pressReleaseId: release.id,
        portal: "tech",
        tier: 1,
        priceCredits: 2,
        startsAt: new Date(),
        endsAt: expiresAt,
      },
    });
    const redirect = await db.companySlugRedirect.create({ data: { portal: "tech", slug: unique("alt"), companyId: other.id } });
    const generation = await publicCacheGeneration(db);

    const result = merged(await mergeCompanies({ survivorId: survivor.id, mergedId: other.id, actorUserId: onlySurvivor.id }));
    expect(result).toMatchObject({
      portal: { from: "business", to: "both" },
      creditsMoved: 5,
      rows: { memberships: 1, membershipsJoined: 1, releases: 1, contacts: 1, invitations: 1, boosts: 1, slugRedirects: 1 },
    });
    expect(result.fillIns.map((f) => f.field).sort()).toEqual(["addressCity", "descriptionDe", "logoPath"]);

    const s = await db.company.findUniqueOrThrow({ where: { id: survivor.id } });
    expect(s).toMatchObject({
      portal: "both",
      credits: 8,
      website: "https://firma.example",
      descriptionDe: "Wir bauen Wärmepumpen.",
      logoPath: "logos/abc.webp",
      addressCity: "Kassel",
      updatedAt: survivor.updatedAt,
    });
    expect(await db.company.findUniqueOrThrow({ where: { id: other.id } })).toMatchObject({
      mergedIntoCompanyId: survivor.id,
      isActive: false,
      credits: 0,
    });
    expect(await db.companyUser.findUnique({ where: { id: mBoth.id } })).toBeNull();
    expect(await db.companyUser.findUniqueOrThrow({ where: { id: sBoth.id } })).toMatchObject({ role: "owner", grantedVia: "manual" });
    expect(await db.companyUser.findUniqueOrThrow({ where: { id: mOnly.id } })).toMatchObject({
      companyId: survivor.id,
      role: "responsible",
    });
    // The release changes hands, not content: updated_at stays (spec 2.3), the search mirror follows.
    expect(await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).toMatchObject({
      companyId: survivor.id,
      updatedAt: release.updatedAt,
      contentChangedAt: release.contentChangedAt,
    });
    expect(await db.pressReleaseSearch.findUniqueOrThrow({ where: { pressReleaseId: release.id } })).toMatchObject({
      companyId: survivor.id,
    });
    expect(await db.contact.findUniqueOrThrow({ where: { id: mContact.id } })).toMatchObject({ companyId: survivor.id, isDefault: false });
    expect(await db.contact.findUniqueOrThrow({ where: { id: sContact.id } })).toMatchObject({ isDefault: true });
    expect((await db.companyInvitation.findUniqueOrThrow({ where: { id: mInvite.id } })).revokedAt).not.toBeNull();
    expect((await db.boost.findUniqueOrThrow({ where: { id: boost.id } })).companyId).toBe(survivor.id);
    expect((await db.companySlugRedirect.findUniqueOrThrow({ where: { id: redirect.id } })).companyId).toBe(survivor.id);
    const ledger = await db.creditTransaction.findMany({ where: { reason: "company_merge" }, orderBy: { companyId: "asc" } });
    expect(ledger.map((l) => [l.companyId, l.delta])).toEqual(
      [
        [survivor.id, 5],
        [other.id, -5],
      ].sort((a, b) => a[0]! - b[0]!),
    );
    const fill = await db.companyMergeMove.findFirstOrThrow({ where: { mergeId: result.mergeId, columnName: "logo_path" } });
    expect(fill).toMatchObject({
      tableName: "companies",
      rowId: String(survivor.id),
      oldValue: null,
      newValue: "logos/abc.webp",
      mergedValue: "logos/abc.webp",
    });
    expect(await db.activityLog.count({ where: { type: "company.merged", subjectId: String(survivor.id) } })).toBe(1);
    expect(await publicCacheGeneration(db)).toBe(generation + 1);

    const undo = unmerged(await unmergeCompanies({ mergeId: result.mergeId }));
    expect([undo.skipped, undo.kept, undo.creditsReturned]).toEqual([[], [], 5]);
    expect(await db.company.findUniqueOrThrow({ where: { id: survivor.id } })).toMatchObject({
      portal: "business",
      credits: 3,
      descriptionDe: null,
      logoPath: null,
      addressCity: null,
    });
    expect(await db.company.findUniqueOrThrow({ where: { id: other.id } })).toMatchObject({
      mergedIntoCompanyId: null,
      isActive: true,
      credits: 5,
    });
    expect(await db.companyUser.findUniqueOrThrow({ where: { id: mBoth.id } })).toEqual(mBoth);
    expect(await db.companyUser.findUniqueOrThrow({ where: { id: sBoth.id } })).toMatchObject({ role: "member", grantedVia: "auto" });
    expect(await db.contact.findUniqueOrThrow({ where: { id: mContact.id } })).toMatchObject({ companyId: other.id, isDefault: true });
    expect(await db.companyInvitation.findUniqueOrThrow({ where: { id: mInvite.id } })).toMatchObject({
      companyId: other.id,
      revokedAt: null,
    });
    expect(await db.pressReleaseSearch.findUniqueOrThrow({ where: { pressReleaseId: release.id } })).toMatchObject({ companyId: other.id });
    expect(await db.companyMergeMove.count({ where: { mergeId: result.mergeId, undoneAt: null } })).toBe(0);
    expect(await db.activityLog.count({ where: { type: "company.unmerged", subjectId: String(survivor.id) } })).toBe(1);
    expect(await unmergeCompanies({ mergeId: result.mergeId })).toMatchObject({ kind: "refused", reason: "already_undone" });
  });

  it("the merged newsroom's old address answers 301 to the survivor: middleware, tombstone index and feed", async () => {
    const { survivor, other } = await pair();
    await seedRelease({ companyId: survivor.id, status: "published", publishedAt: new Date() });
    merged(await mergeCompanies({ survivorId: survivor.id, mergedId: other.id }));
    resetTombstoneIndex();
    expect(await publicDecision("tech", { kind: "newsroom", edition: "de", slug: other.slug, rest: "" })).toEqual({
      status: 301,
      slug: survivor.slug,
    });
    const hosts = getSiteHosts();
    const res = await routeBySite(
      new NextRequest(`http://127.0.0.1:3000/de/newsroom/${other.slug}`, { headers: { host: hosts.tech } }),
      hosts,
      publicDecision,
    );
    expect([res.status, res.headers.get("location")]).toEqual([301, `${hosts.protocol}://${hosts.tech}/de/newsroom/${survivor.slug}`]);
    expect(await newsroomFeed("tech", "en", other.slug)).toEqual({
      kind: "redirect",
      location: expect.stringMatching(new RegExp(`/en/newsroom/${survivor.slug}/feed$`)),
    });
    // The survivor now serves both portals itself.
    expect(await publicDecision("tech", { kind: "newsroom", edition: "de", slug: survivor.slug, rest: "" })).toBeNull();
    expect((await newsroomFeed("tech", "de", survivor.slug)).kind).not.toBe("redirect");
  });

  it("refuses what it must, and changes nothing then", async () => {
    const { survivor, other } = await pair();
    const movesBefore = await db.companyMergeMove.count();
    const stranger = await seedCompany({ email: "info@anders.de" });
    expect(await mergeCompanies({ survivorId: survivor.id, mergedId: survivor.id })).toMatchObject({
      kind: "refused",
      reason: "same_company",
    });
    expect(await mergeCompanies({ survivorId: survivor.id, mergedId: stranger.id })).toMatchObject({
      kind: "refused",
      reason: "different_email",
    });
    const noEmail = await seedCompany({ email: null });
    expect(await mergeCompanies({ survivorId: noEmail.id, mergedId: (await seedCompany({ email: null })).id })).toMatchObject({
      reason: "different_email",
    });
    const deleted = await seedCompany({ email: survivor.email, deletedAt: new Date() });
    expect(await mergeCompanies({ survivorId: survivor.id, mergedId: deleted.id })).toMatchObject({ reason: "deleted" });
    const gone = await seedCompany({ email: survivor.email, goneAt: new Date(), isActive: false });
    expect(await mergeCompanies({ survivorId: gone.id, mergedId: other.id })).toMatchObject({ reason: "gone" });
    await expect(mergeCompanies({ survivorId: survivor.id, mergedId: 2_000_000_000 })).rejects.toMatchObject({ code: "not_found" });

    // Same slug on the other portal: the survivor could not serve both (spec 2.2).
    const slug = unique("gleich");
    const a = await seedCompany({ portal: "business", slug, email: "presse@gleich.de" });
    const b = await seedCompany({ portal: "tech", slug, email: "presse@gleich.de" });
    expect(await mergeCompanies({ survivorId: a.id, mergedId: b.id })).toMatchObject({ reason: "slug_collision" });
    expect(await db.companyMergeMove.count()).toBe(movesBefore);

    merged(await mergeCompanies({ survivorId: survivor.id, mergedId: stranger.id, forceDifferentEmail: true }));
    expect(await mergeCompanies({ survivorId: other.id, mergedId: stranger.id })).toMatchObject({ reason: "already_merged" });
    const third = await seedCompany({ email: survivor.email });
    expect(await mergeCompanies({ survivorId: third.id, mergedId: survivor.id })).toMatchObject({ reason: "has_merged_companies" });
  });

  it("a dry run reports the merge and rolls it back", async () => {
    const { survivor, other } = await pair();
    await seedRelease({ companyId: other.id, portal: "tech" });
    const dry = merged(await mergeCompanies({ survivorId: survivor.id, mergedId: other.id, dryRun: true }));
    expect(dry).toMatchObject({ dryRun: true, rows: { releases: 1 }, creditsMoved: 5 });
    expect(await db.company.findUniqueOrThrow({ where: { id: other.id } })).toMatchObject({
      mergedIntoCompanyId: null,
      isActive: true,
      credits: 5,
    });
    expect(await db.companyMergeMove.count({ where: { mergeId: dry.mergeId } })).toBe(0);
    const real = merged(await mergeCompanies({ survivorId: survivor.id, mergedId: other.id }));
    const dryUndo = unmerged(await unmergeCompanies({ mergeId: real.mergeId, dryRun: true }));
    expect(dryUndo.restored).toBeGreaterThan(0);
    expect(await db.company.findUniqueOrThrow({ where: { id: other.id } })).toMatchObject({ mergedIntoCompanyId: survivor.id });
  });

  it("the unmerge skips rows deleted since, keeps values changed since, and returns only unspent credits", async () => {
    const { survivor, other } = await pair();
    const release = await seedRelease({ companyId: other.id, portal: "tech" });
    const contact = await db.contact.create({ data: { companyId: other.id, name: "M", email: "m@firma.de" } });
    const result = merged(await mergeCompanies({ survivorId: survivor.id, mergedId: other.id }));
    await db.contact.delete({ where: { id: contact.id } });
    await db.company.update({ where: { id: survivor.id }, data: { descriptionDe: "Neu geschrieben.", credits: 6 } });
    const undo = unmerged(await unmergeCompanies({ mergeId: result.mergeId }));
    expect(undo.skipped).toEqual([
      { table: "contacts", column: "company_id", rowId: String(contact.id), note: "row deleted since the merge" },
    ]);
    expect(undo.kept).toEqual([
      {
        table: "companies",
        column: "description",
        rowId: String(survivor.id),
        note: "filled in by the merge and changed since; the newer value stays",
      },
    ]);
    // 8 after the merge, 2 spent since: 5 go back, 1 stays.
    expect(undo.creditsReturned).toBe(5);
    expect(await db.company.findUniqueOrThrow({ where: { id: survivor.id } })).toMatchObject({
      descriptionDe: "Neu geschrieben.",
      credits: 1,
      logoPath: null,
    });
    expect(await db.company.findUniqueOrThrow({ where: { id: other.id } })).toMatchObject({ credits: 5 });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).companyId).toBe(other.id);
  });

  it("the survivor stays on both portals when it published on the other one since the merge", async () => {
    const { survivor, other } = await pair();
    const result = merged(await mergeCompanies({ survivorId: survivor.id, mergedId: other.id }));
    await seedRelease({ companyId: survivor.id, portal: "tech" });
    const undo = unmerged(await unmergeCompanies({ mergeId: result.mergeId }));
    expect(undo.kept).toEqual([
      {
        table: "companies",
        column: "portal",
        rowId: String(survivor.id),
        note: "the surviving newsroom has 1 release(s) of its own on tech since the merge; it stays on both portals",
      },
    ]);
    expect((await db.company.findUniqueOrThrow({ where: { id: survivor.id } })).portal).toBe("both");
  });

  it("a restore that would break a uniqueness rule changed since is kept, and the rest still restores", async () => {
    const { survivor, other } = await pair();
    await db.contact.create({ data: { companyId: survivor.id, name: "S", email: "s@firma.de", isDefault: true } });
    const mDefault = await db.contact.create({ data: { companyId: other.id, name: "M", email: "m@firma.de", isDefault: true } });
    const result = merged(await mergeCompanies({ survivorId: survivor.id, mergedId: other.id }));
    // Meanwhile the merged company got a new default contact of its own.
    const fresh = await db.contact.create({ data: { companyId: other.id, name: "N", email: "n@firma.de", isDefault: true } });
    const undo = unmerged(await unmergeCompanies({ mergeId: result.mergeId }));
    expect(undo.kept).toEqual([
      { table: "contacts", column: "is_default", rowId: String(mDefault.id), note: expect.stringContaining("uniqueness rule") },
    ]);
    expect(await db.contact.findUniqueOrThrow({ where: { id: mDefault.id } })).toMatchObject({ companyId: other.id, isDefault: false });
    expect((await db.contact.findUniqueOrThrow({ where: { id: fresh.id } })).isDefault).toBe(true);
    expect((await db.company.findUniqueOrThrow({ where: { id: other.id } })).mergedIntoCompanyId).toBeNull();
  });

  it("credits spent on the survivor since the merge stay spent", async () => {
    const { survivor, other } = await pair();
    const result = merged(await mergeCompanies({ survivorId: survivor.id, mergedId: other.id }));
    await db.company.update({ where: { id: survivor.id }, data: { credits: 2 } });
    const undo = unmerged(await unmergeCompanies({ mergeId: result.mergeId }));
    expect(undo.creditsReturned).toBe(2);
    expect(undo.kept).toEqual([
      {
        table: "companies",
        column: "credits",
        rowId: String(survivor.id),
        note: "3 of the 5 moved credits were spent since the merge and stay spent",
      },
    ]);
    expect([
      (await db.company.findUniqueOrThrow({ where: { id: survivor.id } })).credits,
      (await db.company.findUniqueOrThrow({ where: { id: other.id } })).credits,
    ]).toEqual([0, 2]);
  });

  it("someone removed from the merged newsroom stays out of the survivor; the unmerge puts the block back", async () => {
    const { survivor, other } = await pair();
    const removed = await seedUser({ email: `${unique("weg")}@firma.example` });
    // The merged newsroom's press contact is the person an owner there removed.
    await db.contact.create({ data: { companyId: other.id, name: "Pressestelle", email: removed.email } });
    const block = await db.companyAutoGrantBlock.create({ data: { companyId: other.id, email: removed.email, reason: "removed" } });
    // An address both newsrooms block keeps the survivor's row; the merged one's stays behind.
    const shared = `${unique("beide")}@firma.example`;
    const [sShared, mShared] = [
      await db.companyAutoGrantBlock.create({ data: { companyId: survivor.id, email: shared, reason: "declined" } }),
      await db.companyAutoGrantBlock.create({ data: { companyId: other.id, email: shared, reason: "left" } }),
    ];

    const result = merged(await mergeCompanies({ survivorId: survivor.id, mergedId: other.id }));
    expect(result.rows.autoGrantBlocks).toBe(1);
    expect(await db.companyAutoGrantBlock.findUniqueOrThrow({ where: { id: block.id } })).toMatchObject({
      companyId: survivor.id,
      reason: "removed",
    });
    expect(
      (await db.companyAutoGrantBlock.findMany({ where: { id: { in: [sShared.id, mShared.id] } }, orderBy: { id: "asc" } })).map(
        (b) => b.companyId,
      ),
    ).toEqual([survivor.id, other.id]);
    // The contact moved with the merge: the person's next login offers them to nobody.
    await syncEmailRights(removed.id);
    expect(await db.companyEmailMatch.count({ where: { userId: removed.id } })).toBe(0);

    unmerged(await unmergeCompanies({ mergeId: result.mergeId }));
    expect((await db.companyAutoGrantBlock.findUniqueOrThrow({ where: { id: block.id } })).companyId).toBe(other.id);
  });

  it("two merges of one pair in opposite directions at once: one merges, the other is refused", async () => {
    const { survivor, other } = await pair();
    const results = await Promise.all([
      mergeCompanies({ survivorId: survivor.id, mergedId: other.id }),
      mergeCompanies({ survivorId: other.id, mergedId: survivor.id }),
    ]);
    expect(results.map((r) => r.kind).sort()).toEqual(["merged", "refused"]);
    expect(results.find((r) => r.kind === "refused")).toMatchObject({ reason: "already_merged" });
    const [undo1, undo2] = await Promise.all(
      [0, 1].map(() => unmergeCompanies({ mergeId: (results.find((r) => r.kind === "merged") as { mergeId: string }).mergeId })),
    );
    expect([undo1!.kind, undo2!.kind].sort()).toEqual(["refused", "unmerged"]);
  });
});
