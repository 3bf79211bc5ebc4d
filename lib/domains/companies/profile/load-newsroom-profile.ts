import { companyAbilities } from "@/lib/domains/accounts/abilities";
import { db } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";
import { quotaStatus } from "@/lib/domains/releases/quota";
import { getSiteHosts, newsroomPath, siteOrigin } from "@/lib/domains/sites";
import { logoUrl } from "../logo-url";
import { portalsOfCompany } from "@/lib/domains/sites/portals";
import { EMPTY_NEWSROOM_FORM, type NewsroomFormValues } from "./newsroom-fields";

/** One step of "what your newsroom still needs", in the order a customer meets them. */
export interface OnboardingStep {
  key: "profile" | "logo" | "contact" | "booking" | "release";
  done: boolean;
  /** Steps a publication cannot happen without. */
  required: boolean;
}

/**
 * The dashboard's view of one newsroom: its profile as form values, logo, press contacts, what
 * the user may do there, and the onboarding steps. A newsroom the user cannot see answers "not
 * found", so nobody learns which ids exist.
 */
export async function loadNewsroomProfile(userId: number, companyId: number, now = new Date()) {
  if (!isRecordId(companyId)) throw notFound("Newsroom not found.");
  const abilities = await companyAbilities(userId, companyId);
  if (!abilities.has("view")) throw notFound("Newsroom not found.");
  const company = await db.company.findFirst({
    where: { id: companyId, deletedAt: null },
    include: {
      contacts: { orderBy: [{ isDefault: "desc" }, { id: "asc" }] },
      _count: { select: { releases: { where: { deletedAt: null } } } },
    },
  });
  if (!company) throw notFound("Newsroom not found.");
  const published = await db.pressRelease.count({ where: { companyId, publishedEverAt: { not: null } } });
  const quota = await quotaStatus(db, userId, now);
  const values: NewsroomFormValues = {
    ...EMPTY_NEWSROOM_FORM,
    name: company.name,
    portal: company.portal,
    email: company.email ?? "",
    website: company.website ?? "",
    addressStreet: company.addressStreet ?? "",
    addressPostalCode: company.addressPostalCode ?? "",
    addressCity: company.addressCity ?? "",
    addressCountry: company.addressCountry ?? "DE",
    descriptionDe: company.descriptionDe ?? "",
    descriptionEn: company.descriptionEn ?? "",
  };
  const portals = portalsOfCompany(company.portal);
  const steps: OnboardingStep[] = [
    { key: "profile", done: true, required: true },
    { key: "logo", done: !!company.logoPath, required: false },
    { key: "contact", done: company.contacts.some((c) => c.isDefault), required: true },
    { key: "booking", done: quota.limit > 0, required: true },
    { key: "release", done: published > 0, required: false },
  ];
  return {
    id: company.id,
    name: company.name,
    slug: company.slug,
    portals,
    isGone: !!company.goneAt,
    isActive: company.isActive,
    values,
    logoUrl: logoUrl(company.logoPath),
    contacts: company.contacts.map((c) => ({
      id: c.id,
      name: c.name,
      email: c.email,
      phone: c.phone ?? "",
      role: c.role ?? "",
      isDefault: c.isDefault,
    })),
    releaseCount: company._count.releases,
    publicUrl: published > 0 ? `${siteOrigin(portals[0]!, getSiteHosts())}${newsroomPath("de", company.slug)}` : null,
    quota,
    steps,
    may: {
      edit: abilities.has("edit"),
      manageMembers: abilities.has("manageMembers"),
      billing: abilities.has("billing"),
      writeReleases: abilities.has("writeReleases"),
    },
  };
}
export type NewsroomProfileView = Awaited<ReturnType<typeof loadNewsroomProfile>>;
