import { db } from "@/lib/core/db/client";
import { MAX_RECORD_ID } from "@/lib/core/input/ids";
import { listedNewsroomWhere } from "@/lib/adapters/public/newsroom-directory";

import { archiveVisibleReleaseWhere } from "@/lib/domains/releases/visibility";
import {
  categoryPath,
  editionAlternates,
  getSiteHosts,
  newsroomDirectoryPath,
  newsroomPath,
  releaseUrl,
  siteOrigin,
  type Portal,
} from "@/lib/domains/sites";
import { buildXml, SITEMAP_NS } from "./xml";

/** Releases per chunk, by id range: stable chunk URLs whose content changes only locally. */
export const CHUNK_SIZE = 10_000;
export const SITEMAP_CACHE_CONTROL = "public, max-age=300, s-maxage=3600, stale-while-revalidate=600";

const XHTML_NS = "http://www.w3.org/1999/xhtml";

/** The ids of one chunk, within the id column's range; null for a chunk no id can fall in. */
export function chunkIdRange(chunk: number): { gte: number; lte: number } | null {
  const first = chunk * CHUNK_SIZE;
  if (!Number.isSafeInteger(first) || first < 0 || first > MAX_RECORD_ID) return null;
  return { gte: first, lte: Math.min(first + CHUNK_SIZE - 1, MAX_RECORD_ID) };
}

/** The sitemap index: the pages sitemap and one chunk per id range that has visible releases. */
export async function sitemapIndex(portal: Portal, now = new Date()): Promise<string> {
  const where = { ...archiveVisibleReleaseWhere(now), portal };
  const last = await db.pressRelease.aggregate({ where, _max: { id: true } });
  const count = last._max.id === null ? 0 : Math.floor(last._max.id / CHUNK_SIZE) + 1;
  // One aggregate per id range through the one visibility rule; empty ranges are left out.
  const chunks = await Promise.all(
    Array.from({ length: count }, async (_, chunk) => {
      const r = await db.pressRelease.aggregate({ where: { ...where, id: chunkIdRange(chunk)! }, _max: { contentChangedAt: true } });
      return r._max.contentChangedAt ? { chunk, lastmod: r._max.contentChangedAt } : null;
    }),
  );
  const origin = siteOrigin(portal, getSiteHosts());
  return buildXml({
    sitemapindex: {
      "@_xmlns": SITEMAP_NS,
      sitemap: [
        { loc: `${origin}/sitemaps/pages.xml` },
        ...chunks.flatMap((c) => (c ? [{ loc: `${origin}/sitemaps/releases-${c.chunk}.xml`, lastmod: c.lastmod.toISOString() }] : [])),
      ],
    },
  });
}

/** One chunk: release URLs (English ones under /en/) with lastmod from content_changed_at. */
export async function releaseChunk(portal: Portal, chunk: number, now = new Date()): Promise<string | null> {
  const ids = chunkIdRange(chunk);
  if (!ids) return null;
  const rows = await db.pressRelease.findMany({
    where: { ...archiveVisibleReleaseWhere(now), portal, id: ids },
    orderBy: { id: "asc" },
    select: { id: true, slug: true, portal: true, language: true, contentChangedAt: true },
  });
  if (!rows.length) return null;
  const hosts = getSiteHosts();
  return buildXml({
    urlset: { "@_xmlns": SITEMAP_NS, url: rows.map((r) => ({ loc: releaseUrl(r, hosts), lastmod: r.contentChangedAt.toISOString() })) },
  });
}

/**
 * Edition homes, the newsroom directory, active categories and the newsrooms the directory lists
 * (of either edition), with hreflang alternates between editions.
 */
export async function pagesSitemap(portal: Portal, now = new Date()): Promise<string> {
  const hosts = getSiteHosts();
  const [categories, companies] = await Promise.all([
    db.category.findMany({ where: { portal, isActive: true }, select: { slug: true }, orderBy: { slug: "asc" } }),
    db.company.findMany({ where: listedNewsroomWhere(portal, null, now), select: { slug: true }, orderBy: { slug: "asc" } }),
  ]);
  const paths = [
    "",
    newsroomDirectoryPath("de").slice(3),
    ...categories.map((c) => categoryPath("de", c.slug).slice(3)),
    ...companies.map((c) => newsroomPath("de", c.slug).slice(3)),
  ];
  return buildXml({
    urlset: {
      "@_xmlns": SITEMAP_NS,
      "@_xmlns:xhtml": XHTML_NS,
      url: paths.flatMap((path) => {
        const alternates = editionAlternates(portal, path, hosts);
        const links = Object.entries(alternates).map(([lang, href]) => ({ "@_rel": "alternate", "@_hreflang": lang, "@_href": href }));
        return (["de", "en"] as const).map((edition) => ({ loc: alternates[edition], "xhtml:link": links }));
      }),
    },
  });
}
