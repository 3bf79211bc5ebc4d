import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import type { CompanyPortal, CompanyRole, GrantedVia, Portal } from "@/lib/generated/prisma/client";
import { portalsOfCompany } from "@/lib/domains/sites/portals";
import { seedCompany, seedRelease, seedUser, unique } from "@/tests/factories";
import { mergeCompanies } from "./merge-companies";
import { unmergeCompanies } from "./unmerge-companies";

// Acceptance (issue 14): merge then unmerge restores every moved value exactly, over random
// companies, releases, contacts and memberships, against the real Postgres.

const FIELDS = [
  "descriptionDe",
  "descriptionEn",
  "website",
  "addressStreet",
  "addressPostalCode",
  "addressCity",
  "addressCountry",
  "logoPath",
  "email",
] as const;
const ROLES: CompanyRole[] = ["member", "responsible", "owner"];
const RANK: Record<CompanyRole, number> = { member: 0, responsible: 1, owner: 2 };

const fieldValue = (field: (typeof FIELDS)[number]) =>
  fc.oneof(
    fc.constant(null),
    fc.constant(""),
    field === "addressCountry" ? fc.constantFrom("DE", "AT") : fc.constantFrom(`${field}-a`, `${field}-b`, " x "),
  );

const companyArb = fc.record({
  portal: fc.constantFrom<CompanyPortal>("business", "tech", "both"),
  credits: fc.nat({ max: 20 }),
  isActive: fc.boolean(),
  fields: fc.record(
    Object.fromEntries(FIELDS.map((f) => [f, fieldValue(f)])) as { [K in (typeof FIELDS)[number]]: fc.Arbitrary<string | null> },
  ),
  releases: fc.array(
    fc.record({
      second: fc.boolean(),
      status: fc.constantFrom("draft", "published", "archived") as fc.Arbitrary<"draft" | "published" | "archived">,
    }),
    { maxLength: 3 },
  ),
  contacts: fc.array(fc.boolean(), { maxLength: 3 }),
  members: fc.array(fc.record({ role: fc.constantFrom(...ROLES), via: fc.constantFrom<GrantedVia>("auto", "manual", "api") }), {
    maxLength: 4,
  }),
  invites: fc.uniqueArray(fc.nat({ max: 2 }), { maxLength: 2 }),
});

type CompanySpec = typeof companyArb extends fc.Arbitrary<infer T> ? T : never;

async function build(spec: CompanySpec, users: number[]) {
  const company = await seedCompany({ portal: spec.portal, credits: spec.credits, isActive: spec.isActive, ...spec.fields });
  const portals = portalsOfCompany(spec.portal);
  for (const r of spec.releases)
    await seedRelease({
      companyId: company.id,
      portal: (r.second ? portals.at(-1) : portals[0]) as Portal,
      status: r.status,
      publishedAt: r.status === "draft" ? null : new Date(),
    });
  // At most one default contact per newsroom: the first one drawn as default.
  const firstDefault = spec.contacts.indexOf(true);
  for (const [i] of spec.contacts.entries())
    await db.contact.create({ data: { companyId: company.id, name: `C${i}`, email: `c${i}@firma.test`, isDefault: i === firstDefault } });
  for (const [i, m] of spec.members.entries())
    if (users[i] !== undefined)
      await db.companyUser.create({ data: { companyId: company.id, userId: users[i]!, role: m.role, grantedVia: m.via } });
  for (const n of spec.invites)
    await db.companyInvitation.create({
      data: { companyId: company.id, email: `invite${n}@firma.test`, role: "member", expiresAt: new Date(Date.now() + 86_400_000) },
    });
  return company;
}

async function snapshot(ids: number[]) {
  const byCompany = { companyId: { in: ids } };
  const [companies, members, releases, contacts, invitations] = await Promise.all([
    db.company.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" }, omit: { updatedAt: true } }),
    db.companyUser.findMany({ where: byCompany, orderBy: { id: "asc" }, omit: { updatedAt: true } }),
    // Releases keep updated_at through both: a merge does not touch it (spec 2.3).
    db.pressRelease.findMany({
      where: byCompany,
      orderBy: { id: "asc" },
      select: { id: true, companyId: true, updatedAt: true, contentChangedAt: true, portal: true, status: true },
    }),
    db.contact.findMany({ where: byCompany, orderBy: { id: "asc" }, omit: { updatedAt: true } }),
    db.companyInvitation.findMany({ where: byCompany, orderBy: { id: "asc" } }),
  ]);
  return { companies, members, releases, contacts, invitations };
}

const isEmpty = (v: string | null) => v === null || v.trim() === "";

describe("merge then unmerge", () => {
  it(
    "restores every moved value exactly (property over random companies, releases, contacts and memberships)",
    { timeout: 120_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(companyArb, companyArb, fc.integer({ min: 1, max: 4 }), async (a, b, userCount) => {
          const users = [];
          for (let i = 0; i < userCount; i++) users.push((await seedUser({ email: `${unique("p")}@example.test` })).id);
          const survivor = await build(a, users);
          const other = await build(b, users);
          const ids = [survivor.id, other.id];
          const before = await snapshot(ids);

          const merge = await mergeCompanies({ survivorId: survivor.id, mergedId: other.id, forceDifferentEmail: true });
          if (merge.kind !== "merged") throw new Error(merge.message);
          const after = await snapshot(ids);
          const s = after.companies.find((c) => c.id === survivor.id)!;
          const m = after.companies.find((c) => c.id === other.id)!;
          // Everything is the survivor's now.
          for (const rows of [after.members, after.releases, after.contacts, after.invitations])
            expect(rows.every((r) => r.companyId === survivor.id)).toBe(true);
          expect(after.releases.map((r) => r.id)).toEqual(before.releases.map((r) => r.id));
          expect(after.contacts.filter((c) => c.isDefault).length).toBe(Math.min(1, before.contacts.filter((c) => c.isDefault).length));
          // One row per person, with the higher role.
          const best = new Map<number, CompanyRole>();
          for (const r of before.members) if (!best.has(r.userId) || RANK[r.role] > RANK[best.get(r.userId)!]) best.set(r.userId, r.role);
          expect(new Map(after.members.map((r) => [r.userId, r.role]))).toEqual(best);
          expect(after.members.length).toBe(best.size);
          // Fill-ins, credits, portal, and the merged company's marks.
          const [bs, bm] = [before.companies.find((c) => c.id === survivor.id)!, before.companies.find((c) => c.id === other.id)!];
          for (const f of FIELDS) expect([f, s[f]]).toEqual([f, isEmpty(bs[f]) && !isEmpty(bm[f]) ? bm[f] : bs[f]]);
          expect([s.credits, m.credits]).toEqual([bs.credits + bm.credits, 0]);
          expect(s.portal).toBe(bs.portal === bm.portal ? bs.portal : "both");
          expect([m.mergedIntoCompanyId, m.isActive]).toEqual([survivor.id, false]);

          const undo = await unmergeCompanies({ mergeId: merge.mergeId });
          if (undo.kind !== "unmerged") throw new Error(undo.message);
          expect([undo.skipped, undo.kept]).toEqual([[], []]);
          expect(await snapshot(ids)).toEqual(before);
        }),
        { numRuns: 25 },
      );
    },
  );
});
