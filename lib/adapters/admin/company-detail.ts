import { normalizeCompanyEmail } from "@/lib/domains/companies/email-groups/classify-email";
import { classificationWithOverride } from "@/lib/domains/companies/email-groups/effective-classification";
import { portalsOfCompany } from "@/lib/domains/sites/portals";
import { db } from "@/lib/core/db/client";
import type { ReleaseStatus } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";
import { getSiteHosts, newsroomPath, siteOrigin } from "@/lib/domains/sites";

// The admin's newsroom detail (spec 2.2, 4.3): the facts, the classification of the company
// e-mail (company_email_groups), the members with role and grant path (company_user), the
// releases per status, merges in both directions, and the newsrooms a merge would take in:
// those with the same company e-mail (spec 4.7 companies:merge).

/** Newsrooms with the same normalized company e-mail, offered for a merge preview. */
const MERGE_CANDIDATES_SHOWN = 10;

export async function loadAdminCompany(companyId: number) {
  if (!isRecordId(companyId)) throw notFound("Newsroom not found.");
  const company = await db.company.findFirst({
    where: { id: companyId, deletedAt: null },
    select: {
      id: true,
      name: true,
      slug: true,
      portal: true,
      email: true,
      website: true,
      descriptionDe: true,
      descriptionEn: true,
      addressStreet: true,
      addressPostalCode: true,
      addressCity: true,
      addressCountry: true,
      isActive: true,
      savedIsActive: true,
      goneAt: true,
      credits: true,
      createdAt: true,
      updatedAt: true,
      mergedInto: { select: { id: true, name: true } },
      mergedFrom: { where: { deletedAt: null }, select: { id: true, name: true }, orderBy: { id: "asc" } },
    },
  });
  if (!company) throw notFound("Newsroom not found.");
  const email = normalizeCompanyEmail(company.email);
  const [members, byStatus, contacts, candidates] = await Promise.all([
    db.companyUser.findMany({
      where: { companyId: company.id },
      orderBy: [{ role: "asc" }, { createdAt: "asc" }, { id: "asc" }],
      select: {
        id: true,
        role: true,
        grantedVia: true,
        createdAt: true,
        user: { select: { id: true, name: true, email: true, isActive: true, deletedAt: true } },
      },
    }),
    db.pressRelease.groupBy({ by: ["status"], where: { companyId: company.id, deletedAt: null }, _count: { _all: true } }),
    db.contact.count({ where: { companyId: company.id } }),
    email
      ? db.company.findMany({
          where: { id: { not: company.id }, deletedAt: null, mergedIntoCompanyId: null, email: { equals: email, mode: "insensitive" } },
          orderBy: { id: "asc" },
          take: MERGE_CANDIDATES_SHOWN,
          select: { id: true, name: true, slug: true, portal: true, goneAt: true },
        })
      : Promise.resolve([]),
  ]);
  const releasesByStatus = Object.fromEntries(byStatus.map((g) => [g.status, g._count._all])) as Partial<Record<ReleaseStatus, number>>;
  const [tombstoned, ever] = await Promise.all([
    db.pressRelease.count({ where: { companyId: company.id, deletedAt: null, goneAt: { not: null } } }),
    db.pressRelease.count({ where: { companyId: company.id, deletedAt: null, publishedEverAt: { not: null } } }),
  ]);
  const emailClassification = email ? { email, ...(await classificationWithOverride(email)) } : null;
  const hosts = getSiteHosts();
  return {
    company,
    /** The public newsroom pages, one per portal the newsroom serves (German edition). */
    publicUrls: portalsOfCompany(company.portal).map((p) => `${siteOrigin(p, hosts)}${newsroomPath("de", company.slug)}`),
    members,
    releases: { byStatus: releasesByStatus, total: byStatus.reduce((n, g) => n + g._count._all, 0), tombstoned, everPublished: ever },
    contacts,
    mergeCandidates: candidates,
    /** The company e-mail's effective classification and the manual override, if any; null without an address. */
    emailClassification,
  };
}
export type AdminCompanyDetail = Awaited<ReturnType<typeof loadAdminCompany>>;
