import { newsroomDescription } from "@/lib/domains/companies/description";
import { logoUrl } from "@/lib/domains/companies/logo-url";
import { db } from "@/lib/core/db/client";
import { newsroomPath, type Edition } from "@/lib/domains/sites";

// What the public pages show of a newsroom's profile, shaped once for the directory, the
// newsroom page and the box under a release.

export interface WebsiteLink {
  href: string;
  /** The address without its scheme (and without a lone trailing slash). */
  label: string;
}

/** A newsroom's website as a link; only http(s) addresses become links (never `javascript:`). */
export function websiteLink(website: string | null): WebsiteLink | null {
  const text = website?.trim();
  if (!text) return null;
  try {
    const url = new URL(text);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  } catch {
    return null;
  }
  return { href: text, label: text.replace(/^https?:\/\//i, "").replace(/^([^/?#]+)\/$/, "$1") };
}

/** Cut at a word boundary, so a list shows a line or two of every newsroom. */
export function shortText(text: string | null, max: number): string | null {
  if (!text) return null;
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, "")}…`;
}

/** Characters of a description in the directory and the box under a release. */
export const SHORT_DESCRIPTION_CHARS = 180;

export interface NewsroomBoxData {
  name: string;
  href: string;
  logoUrl: string | null;
  description: string | null;
  website: WebsiteLink | null;
}

/** The compact newsroom box under a release: logo, name, short description (edition rule), website. */
export async function newsroomBox(companyId: number, edition: Edition): Promise<NewsroomBoxData | null> {
  const company = await db.company.findUnique({
    where: { id: companyId },
    select: { name: true, slug: true, logoPath: true, website: true, descriptionDe: true, descriptionEn: true },
  });
  if (!company) return null;
  return {
    name: company.name,
    href: newsroomPath(edition, company.slug),
    logoUrl: logoUrl(company.logoPath),
    description: shortText(newsroomDescription(company, edition), SHORT_DESCRIPTION_CHARS),
    website: websiteLink(company.website),
  };
}
