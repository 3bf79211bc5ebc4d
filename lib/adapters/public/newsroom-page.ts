import { newsroomDescription } from "@/lib/domains/companies/description";
import { logoUrl } from "@/lib/domains/companies/logo-url";
import { onPortalWhere, PUBLIC_NEWSROOM_WHERE } from "@/lib/domains/sites/portals";
import { db } from "@/lib/core/db/client";
import { listPublishedReleases } from "@/lib/domains/releases/list-published";
import { feedPath, getSiteHosts, newsroomPath, siteOrigin, type Edition, type Portal } from "@/lib/domains/sites";
import { listCovers, withCovers } from "./list-covers";
import { websiteLink } from "./newsroom-profile";

export interface NewsroomAddress {
  street: string | null;
  postalCode: string | null;
  city: string | null;
  /** ISO 3166-1 alpha-2 as stored, and its name in the edition's language. */
  countryCode: string | null;
  country: string | null;
}

function countryName(code: string | null, edition: Edition): string | null {
  const trimmed = code?.trim().toUpperCase();
  if (!trimmed) return null;
  try {
    return new Intl.DisplayNames([edition], { type: "region" }).of(trimmed) ?? trimmed;
  } catch {
    return trimmed;
  }
}

function postalAddress(
  c: { addressStreet: string | null; addressPostalCode: string | null; addressCity: string | null; addressCountry: string | null },
  edition: Edition,
): NewsroomAddress | null {
  const clean = (v: string | null) => v?.trim() || null;
  const address = {
    street: clean(c.addressStreet),
    postalCode: clean(c.addressPostalCode),
    city: clean(c.addressCity),
    countryCode: clean(c.addressCountry),
    country: countryName(c.addressCountry, edition),
  };
  return address.street || address.postalCode || address.city || address.country ? address : null;
}

/** A newsroom page's data, or null (404) for an unknown, inactive or removed newsroom of this portal. */
export async function newsroomPageData(portal: Portal, edition: Edition, slug: string, now = new Date()) {
  const company = await db.company.findFirst({
    where: { slug, ...onPortalWhere(portal), ...PUBLIC_NEWSROOM_WHERE, mergedIntoCompanyId: null },
    select: {
      id: true,
      name: true,
      slug: true,
      descriptionDe: true,
      descriptionEn: true,
      website: true,
      logoPath: true,
      addressStreet: true,
      addressPostalCode: true,
      addressCity: true,
      addressCountry: true,
      // The default contact first (at most one per newsroom), then by name.
      contacts: {
        select: { id: true, name: true, email: true, phone: true, role: true, isDefault: true },
        orderBy: [{ isDefault: "desc" }, { name: "asc" }, { id: "asc" }],
      },
    },
  });
  if (!company) return null;
  const listed = await listPublishedReleases({ portal, language: edition, companyId: company.id, limit: 30, now });
  const releases = withCovers(listed, await listCovers([listed]));
  const path = newsroomPath(edition, company.slug);
  const origin = siteOrigin(portal, getSiteHosts());
  const url = `${origin}${path}`;
  const profile = {
    logoUrl: logoUrl(company.logoPath),
    description: newsroomDescription(company, edition),
    website: websiteLink(company.website),
    address: postalAddress(company, edition),
    contacts: company.contacts,
  };
  return {
    company,
    profile,
    releases,
    url,
    feedHref: releases.length ? `${path}${feedPath(edition).slice(3)}` : null,
    jsonLd: organizationJsonLd(company.name, url, origin, profile),
  };
}

type Profile = {
  logoUrl: string | null;
  description: string | null;
  website: { href: string } | null;
  address: NewsroomAddress | null;
  contacts: { name: string; email: string; phone: string | null; role: string | null }[];
};

/** schema.org Organization: what search engines read of the profile shown on the page. */
function organizationJsonLd(name: string, pageUrl: string, origin: string, p: Profile) {
  const a = p.address;
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name,
    url: p.website?.href ?? pageUrl,
    mainEntityOfPage: pageUrl,
    ...(p.logoUrl ? { logo: `${origin}${p.logoUrl}` } : {}),
    ...(p.description ? { description: p.description } : {}),
    ...(a
      ? {
          address: {
            "@type": "PostalAddress",
            ...(a.street ? { streetAddress: a.street } : {}),
            ...(a.postalCode ? { postalCode: a.postalCode } : {}),
            ...(a.city ? { addressLocality: a.city } : {}),
            ...(a.countryCode ? { addressCountry: a.countryCode } : {}),
          },
        }
      : {}),
    ...(p.contacts.length
      ? {
          contactPoint: p.contacts.map((c) => ({
            "@type": "ContactPoint",
            contactType: c.role ?? "press",
            name: c.name,
            email: c.email,
            ...(c.phone ? { telephone: c.phone } : {}),
          })),
        }
      : {}),
  };
}
