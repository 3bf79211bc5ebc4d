import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { seedCompany, seedRelease, seedUser, unique } from "@/tests/factories";
import { seedAdmin, seedNewsroom } from "@/tests/release-fixtures";
import { decideCompanyAsAdmin, mergePairOf, previewCompanyMerge } from "./company-actions";
import { loadAdminCompany } from "./company-detail";
import { parseAdminCompanyQuery, searchAdminCompanies } from "./company-search";

// /admin/companies: search, detail, tombstone/unmark and the merge preview (companies:write),
// written as the attacker too: an editor holding every other permission and the newsroom's
// own owner are refused, and nothing changes.

async function errorOf(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

async function worldOf(companyId: number) {
  const [company, releases, history, activities, merges] = await Promise.all([
    db.company.findUniqueOrThrow({ where: { id: companyId } }),
    db.pressRelease.findMany({ where: { companyId }, orderBy: { id: "asc" } }),
    db.pressReleaseHistory.count(),
    db.activityLog.count(),
    db.companyMergeMove.count(),
  ]);
  return { company, releases, history, activities, merges };
}

const published = (companyId: number) =>
  seedRelease({ companyId, status: "published", publishedAt: new Date(), publishedEverAt: new Date() });

describe("newsroom decisions (companies:write)", () => {
  it("tombstones a newsroom with its releases and unmarks it, with the reason and the editor in the log", async () => {
    const editor = await seedAdmin(["companies:write"]);
    const { company } = await seedNewsroom();
    const [a, b] = [await published(company.id), await published(company.id)];

    expect(
      await decideCompanyAsAdmin({ adminUserId: editor.id, companyId: company.id, action: "tombstone", reason: "Firma erloschen" }),
    ).toEqual({ releases: 2 });
    expect(await db.company.findUniqueOrThrow({ where: { id: company.id } })).toMatchObject({ isActive: false, savedIsActive: true });
    expect(await db.pressRelease.count({ where: { id: { in: [a.id, b.id] }, goneAt: { not: null } } })).toBe(2);
    expect(await decideCompanyAsAdmin({ adminUserId: editor.id, companyId: company.id, action: "unmark", reason: "Irrtum" })).toEqual({
      releases: 2,
    });
    expect(await db.company.findUniqueOrThrow({ where: { id: company.id } })).toMatchObject({ isActive: true, goneAt: null });

    const entries = await db.activityLog.findMany({
      where: { subjectType: "company", subjectId: String(company.id) },
      orderBy: { id: "asc" },
    });
    expect(entries.map((e) => [e.type, e.actorUserId, e.reason])).toEqual([
      ["company.gone", editor.id, "Firma erloschen"],
      ["company.unmarked", editor.id, "Irrtum"],
    ]);
    const history = await db.pressReleaseHistory.findMany({ where: { pressReleaseId: a.id }, orderBy: { id: "asc" } });
    expect(history.map((h) => [h.outcome, h.reason, h.actorUserId])).toEqual([
      ["gone", "Firma erloschen", editor.id],
      ["unmarked", "Irrtum", editor.id],
    ]);
  });

  it("refuses an editor without companies:write, a deactivated one and the owner; nothing changes", async () => {
    const { owner, company } = await seedNewsroom();
    await published(company.id);
    const refused = [
      await seedAdmin(["press-releases:publish", "users:manage", "billing:manage", "compliance:manage"]),
      await seedUser({ staffRole: "admin", permissions: ["companies:write"], deletedAt: new Date() }),
      owner,
    ];
    const before = await worldOf(company.id);
    for (const actor of refused) {
      expect(
        (await errorOf(decideCompanyAsAdmin({ adminUserId: actor.id, companyId: company.id, action: "tombstone", reason: "x" }))).code,
      ).toBe("forbidden");
      expect((await errorOf(previewCompanyMerge({ adminUserId: actor.id, survivorId: company.id, mergedId: company.id }))).code).toBe(
        "forbidden",
      );
    }
    expect(await worldOf(company.id)).toEqual(before);
  });

  it("requires a reason and refuses a second tombstone as a conflict", async () => {
    const editor = await seedAdmin(["companies:write"]);
    const { company } = await seedNewsroom();
    expect(
      (await errorOf(decideCompanyAsAdmin({ adminUserId: editor.id, companyId: company.id, action: "tombstone", reason: "" }))).code,
    ).toBe("validation_failed");
    await decideCompanyAsAdmin({ adminUserId: editor.id, companyId: company.id, action: "tombstone", reason: "weg" });
    expect(
      (await errorOf(decideCompanyAsAdmin({ adminUserId: editor.id, companyId: company.id, action: "tombstone", reason: "weg" }))).code,
    ).toBe("conflict");
    expect(
      (await errorOf(decideCompanyAsAdmin({ adminUserId: editor.id, companyId: 2_147_483_000, action: "unmark", reason: "x" }))).code,
    ).toBe("not_found");
  });
});

describe("merge preview", () => {
  it("shows what a merge would move and changes nothing, leaving no activity entry", async () => {
    const editor = await seedAdmin(["companies:write"]);
    const email = `${unique("presse")}@firma.example`;
    const { company: survivor } = await seedNewsroom();
    await db.company.update({ where: { id: survivor.id }, data: { email } });
    const { company: duplicate, owner: duplicateOwner } = await seedNewsroom({ portal: "tech" });
    await db.company.update({ where: { id: duplicate.id }, data: { email: email.toUpperCase(), website: "https://firma.example" } });
    await published(duplicate.id);
    const before = [await worldOf(survivor.id), await worldOf(duplicate.id)];

    const { outcome, names } = await previewCompanyMerge({ adminUserId: editor.id, survivorId: survivor.id, mergedId: duplicate.id });
    expect(names).toEqual({ survivor: survivor.name, merged: duplicate.name });
    expect(outcome).toMatchObject({
      kind: "merged",
      dryRun: true,
      rows: { memberships: 1, releases: 1 },
      portal: { from: "business", to: "both" },
      fillIns: [{ field: "website", value: "https://firma.example" }],
    });
    expect([await worldOf(survivor.id), await worldOf(duplicate.id)]).toEqual(before);
    expect(await db.companyUser.count({ where: { companyId: duplicate.id, userId: duplicateOwner.id } })).toBe(1);

    const other = await seedCompany({ email: "anders@example.test" });
    // The refusal as the screen words it: the domain's English message stays on the server.
    expect((await previewCompanyMerge({ adminUserId: editor.id, survivorId: survivor.id, mergedId: other.id })).outcome).toEqual({
      kind: "refused",
      reason: "different_email",
    });
    await expect(previewCompanyMerge({ adminUserId: editor.id, survivorId: survivor.id, mergedId: 2_147_483_000 })).rejects.toMatchObject({
      code: "not_found",
    });
  });
});

describe("the merge preview's form", () => {
  it("names the pair by a candidate's button or by the typed number and direction, and nothing else", () => {
    const form = (fields: Record<string, string>) => Object.entries(fields).reduce((f, [k, v]) => (f.append(k, v), f), new FormData());
    expect(mergePairOf(form({ auswahl: "12:aufnehmen" }), 7)).toEqual({ survivorId: 7, mergedId: 12 });
    expect(mergePairOf(form({ auswahl: "12:abgeben", zusammenfuehren: "99" }), 7)).toEqual({ survivorId: 12, mergedId: 7 });
    expect(mergePairOf(form({ zusammenfuehren: " 12 ", richtung: "abgeben" }), 7)).toEqual({ survivorId: 12, mergedId: 7 });
    expect(mergePairOf(form({ zusammenfuehren: "12", richtung: "irgendwas" }), 7)).toEqual({ survivorId: 7, mergedId: 12 });
    const forgeries: Record<string, string>[] = [
      {},
      { zusammenfuehren: "" },
      { zusammenfuehren: "-1" },
      { zusammenfuehren: "12abc" },
      { zusammenfuehren: "99999999999" },
      { auswahl: "12:loeschen" },
      { zusammenfuehren: "1\u0000" },
    ];
    for (const forged of forgeries) {
      expect(mergePairOf(form(forged), 7), JSON.stringify(forged)).toBeNull();
    }
    expect(mergePairOf(null, 7)).toBeNull();
  });
});

describe("newsroom search and detail", () => {
  it("finds newsrooms by name, slug, e-mail and number", async () => {
    const tag = unique("lichtwerk").replace("-", "");
    const company = await seedCompany({ name: `${tag} Leuchten GmbH`, slug: `${tag}-leuchten`, email: `presse@${tag}.example` });
    const ids = async (q: string) => (await searchAdminCompanies(parseAdminCompanyQuery({ q }))).rows.map((r) => r.id);
    expect(await ids(tag.toUpperCase())).toEqual([company.id]);
    expect(await ids(`${tag}-leu`)).toEqual([company.id]);
    expect(await ids(`presse@${tag}`)).toEqual([company.id]);
    expect(await ids(String(company.id))).toContain(company.id);
  });

  it("lists members with role and grant, releases per status and newsrooms with the same e-mail", async () => {
    const email = `${unique("info")}@gleich.example`;
    const { company, owner } = await seedNewsroom();
    await db.company.update({ where: { id: company.id }, data: { email } });
    const auto = await seedUser();
    await db.companyUser.create({ data: { companyId: company.id, userId: auto.id, role: "responsible", grantedVia: "auto" } });
    await published(company.id);
    await seedRelease({ companyId: company.id, status: "draft" });
    const twin = await seedCompany({ email });

    const detail = await loadAdminCompany(company.id);
    expect(detail.members.map((m) => [m.user.id, m.role, m.grantedVia])).toEqual(
      expect.arrayContaining([
        [owner.id, "owner", "manual"],
        [auto.id, "responsible", "auto"],
      ]),
    );
    expect(detail.releases).toMatchObject({ total: 2, byStatus: { published: 1, draft: 1 }, everPublished: 1, tombstoned: 0 });
    expect(detail.mergeCandidates.map((c) => c.id)).toEqual([twin.id]);
    expect(detail.publicUrls).toEqual([expect.stringMatching(new RegExp(`/de/newsroom/${company.slug}$`))]);
  });
});
