import { db } from "@/lib/core/db/client";
import { publicImagesOf } from "@/lib/domains/images/deliverable";
import { correctionLine } from "@/lib/domains/legal/corrections/note-text";
import { canonicalTargetOf } from "@/lib/domains/releases/canonical";
import { correctionNotesOf } from "@/lib/domains/legal/corrections/release-notes";
import { textWithoutMarkup } from "@/lib/domains/releases/content-hash";
import { publiclyVisibleReleaseWhere } from "@/lib/domains/releases/visibility";
import {
  categoryPath,
  getSiteHosts,
  newsroomPath,
  releaseUrl,
  siteOrigin,
  SITE_NAMES,
  type Edition,
  type Portal,
} from "@/lib/domains/sites";
import { newsroomTag, portalTag } from "@/lib/domains/sites/public-tags";
import { cachedPublic } from "./cached-public";
import { coverOf, largestJpeg, mediaUrl, ogImageOf, releasePicture } from "./release-images";

/** The newsroom as its release pages name it; a profile change drops it. */
const releaseCompany = cachedPublic(
  "release-company",
  (companyId: number) => db.company.findUnique({ where: { id: companyId }, select: { name: true, slug: true, website: true } }),
  { tags: (companyId) => [newsroomTag(companyId)] },
);

/** The category as its release pages name it; a rename drops the portal's lists and this. */
const releaseCategory = cachedPublic(
  "release-category",
  (categoryId: number, _portal: Portal) =>
    db.category.findUnique({ where: { id: categoryId }, select: { slug: true, nameDe: true, nameEn: true } }),
  { tags: (_categoryId, portal) => [portalTag(portal)] },
);

/**
 * A release page's data, or null when the page must answer 404 (never published, embargoed,
 * deleted, other edition). Tombstones never get here: the middleware answers 410 first.
 */
export async function releasePageData(portal: Portal, edition: Edition, slug: string, now = new Date()) {
  const row = await db.pressRelease.findFirst({ where: { ...publiclyVisibleReleaseWhere(now), portal, language: edition, slug } });
  if (!row) return null;
  // Read once per newsroom and category, not per release: a crawler's sweep reads every release once.
  const [company, category] = await Promise.all([
    releaseCompany(row.companyId),
    row.categoryId === null ? Promise.resolve(null) : releaseCategory(row.categoryId, portal),
  ]);
  if (!company) return null;
  const r = { ...row, company, category };
  const hosts = getSiteHosts();
  // Part of the cached answer: a move of the first source drops its copies' pages (lib/domains/releases/moves.ts).
  const canonical = await canonicalTargetOf(db, r, now);
  const origin = siteOrigin(portal, hosts);
  const url = releaseUrl(r, hosts);
  const description = r.lead ?? textWithoutMarkup(r.body).slice(0, 200);
  // Part of the cached answer: an image's public change bumps the generation, which drops it.
  const images = (await publicImagesOf(db, [r.id])).get(r.id) ?? [];
  const cover = coverOf(images);
  const og = ogImageOf(cover, origin);
  // Part of the cached answer: executing a legal request invalidates this release's tag.
  const corrections = (await correctionNotesOf(db, [r.id])).get(r.id) ?? [];
  return {
    release: r,
    url,
    // The later copy points to the first source while readers can reach it (spec 1.4).
    canonicalUrl: canonical ? releaseUrl(canonical, hosts) : url,
    description,
    newsroomHref: newsroomPath(edition, r.company.slug),
    categoryHref: r.category ? categoryPath(edition, r.category.slug) : null,
    categoryName: r.category ? (edition === "de" ? r.category.nameDe : r.category.nameEn) : null,
    /** The cover as the hero under the title, the other images as the gallery below the text. */
    pictures: { cover: cover ? releasePicture(cover) : null, gallery: images.filter((i) => i !== cover).map(releasePicture) },
    /** og:image and twitter:image; null without a deliverable cover that has an og variant. */
    ogImage: og,
    /** Dated public correction notes (corrections, changes, redactions), oldest first. */
    corrections,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: r.title,
      description,
      inLanguage: r.language,
      datePublished: r.publishedAt!.toISOString(),
      dateModified: r.contentChangedAt.toISOString(),
      mainEntityOfPage: url,
      author: { "@type": "Organization", name: r.company.name, ...(r.company.website ? { url: r.company.website } : {}) },
      publisher: { "@type": "Organization", name: SITE_NAMES[portal], url: origin },
      ...(cover ? { image: [...new Set([og?.url, mediaUrl(origin, largestJpeg(cover).key)].filter((u): u is string => !!u))] } : {}),
      ...(r.category ? { articleSection: edition === "de" ? r.category.nameDe : r.category.nameEn } : {}),
      ...(corrections.length
        ? {
            correction: corrections.map((c) => ({
              "@type": "CorrectionComment",
              text: correctionLine(c, edition),
              datePublished: c.createdAt.toISOString(),
            })),
          }
        : {}),
    },
  };
}
