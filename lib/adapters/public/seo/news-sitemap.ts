import { db } from "@/lib/core/db/client";
import { publicImagesOf } from "@/lib/domains/images/deliverable";
import { coverOf, largestJpeg, mediaUrl } from "@/lib/adapters/public/release-images";
import { archiveVisibleReleaseWhere } from "@/lib/domains/releases/visibility";
import { getSiteHosts, releaseUrl, siteOrigin, SITE_NAMES, type Portal } from "@/lib/domains/sites";
import { buildXml, SITEMAP_NS } from "./xml";

export const NEWS_WINDOW_HOURS = 48;
export const NEWS_MAX_ITEMS = 1000;
/** Cached 15 minutes (spec 8). */
export const IMAGE_SITEMAP_NS = "http://www.google.com/schemas/sitemap-image/1.1";
export const NEWS_CACHE_CONTROL = "public, max-age=60, s-maxage=900, stale-while-revalidate=300";

/**
 * The news sitemap of a portal: archive-visible releases of the last 48 hours, newest first,
 * at most 1,000, each with `news:publication` (portal name, release language) and, with a
 * deliverable cover, `image:image` (its largest JPEG). The hub has no news of its own and
 * answers an empty list.
 */
export async function newsSitemap(site: Portal | "hub", now = new Date()): Promise<string> {
  const rows =
    site === "hub"
      ? []
      : await db.pressRelease.findMany({
          where: {
            ...archiveVisibleReleaseWhere(now),
            portal: site,
            publishedAt: { gte: new Date(now.getTime() - NEWS_WINDOW_HOURS * 3_600_000), lte: now },
          },
          orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
          take: NEWS_MAX_ITEMS,
          select: { id: true, slug: true, portal: true, language: true, title: true, publishedAt: true },
        });
  const hosts = getSiteHosts();
  const images = await publicImagesOf(
    db,
    rows.map((r) => r.id),
  );
  return buildXml({
    urlset: {
      "@_xmlns": SITEMAP_NS,
      "@_xmlns:news": "http://www.google.com/schemas/sitemap-news/0.9",
      "@_xmlns:image": IMAGE_SITEMAP_NS,
      url: rows.map((r) => {
        const cover = coverOf(images.get(r.id) ?? []);
        return {
          loc: releaseUrl(r, hosts),
          "news:news": {
            "news:publication": { "news:name": SITE_NAMES[r.portal], "news:language": r.language },
            "news:publication_date": r.publishedAt!.toISOString(),
            "news:title": r.title,
          },
          ...(cover ? { "image:image": { "image:loc": mediaUrl(siteOrigin(r.portal, hosts), largestJpeg(cover).key) } } : {}),
        };
      }),
    },
  });
}
