import { newsroomDescription } from "@/lib/domains/companies/description";
import { onPortalWhere } from "@/lib/domains/sites/portals";
import { db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { publicImagesOf } from "@/lib/domains/images/deliverable";
import { correctionLine } from "@/lib/domains/legal/corrections/note-text";
import { correctionNotesOf } from "@/lib/domains/legal/corrections/release-notes";
import { coverOf, largestJpeg, mediaUrl } from "@/lib/adapters/public/release-images";
import { textWithoutMarkup } from "@/lib/domains/releases/content-hash";
import { FEED_ITEMS } from "@/lib/domains/releases/feed-items";
import { archiveVisibleReleaseWhere } from "@/lib/domains/releases/visibility";
import {
  categoryPath,
  feedPath,
  getSiteHosts,
  newsroomPath,
  releaseUrl,
  siteOrigin,
  SITE_NAMES,
  PORTAL_TAGLINES,
  type Edition,
  type Portal,
} from "@/lib/domains/sites";
import { websubHubUrl } from "@/lib/adapters/public/websub/topics";
import { FEED_FORMATS, feedIn, type FeedFormat } from "./formats";
import type { FeedImage, FeedItem } from "./rss";

// Newest 50 per feed (spec 8); the one value lives in the domain, where receipts and the reach report read it too.
export { FEED_ITEMS };

export type FeedResult =
  { kind: "ok"; format: FeedFormat; document: string } | { kind: "missing" } | { kind: "redirect"; location: string };

const FEED_SELECT = {
  id: true,
  contentChangedAt: true,
  slug: true,
  portal: true,
  language: true,
  title: true,
  lead: true,
  body: true,
  publishedAt: true,
  company: { select: { name: true } },
  category: { select: { nameDe: true, nameEn: true, parent: { select: { nameDe: true, nameEn: true } } } },
} as const satisfies Prisma.PressReleaseSelect;

async function items(portal: Portal, edition: Edition, where: Prisma.PressReleaseWhereInput, now: Date): Promise<FeedItem[]> {
  const rows = await db.pressRelease.findMany({
    where: { ...archiveVisibleReleaseWhere(now), portal, language: edition, ...where },
    orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
    take: FEED_ITEMS,
    select: FEED_SELECT,
  });
  const hosts = getSiteHosts();
  const images = await publicImagesOf(
    db,
    rows.map((r) => r.id),
  );
  const notes = await correctionNotesOf(
    db,
    rows.map((r) => r.id),
  );
  const origin = siteOrigin(portal, hosts);
  const name = (c: { nameDe: string; nameEn: string }) => (edition === "de" ? c.nameDe : c.nameEn);
  return rows.map((r) => {
    const url = releaseUrl(r, hosts);
    const summary = r.lead ?? textWithoutMarkup(r.body).slice(0, 400);
    return {
      title: r.title,
      link: url,
      guid: url,
      pubDate: r.publishedAt!,
      // A paid change or a correction moves content_changed_at after publication.
      updated: r.contentChangedAt > r.publishedAt! ? r.contentChangedAt : r.publishedAt!,
      creator: r.company.name,
      categories: r.category ? [...(r.category.parent ? [name(r.category.parent)] : []), name(r.category)] : [],
      description: summary,
      image: feedImage(coverOf(images.get(r.id) ?? []), origin),
      corrections: (notes.get(r.id) ?? []).map((c) => correctionLine(c, edition)),
    };
  });
}

function feedImage(cover: ReturnType<typeof coverOf>, origin: string): FeedImage | null {
  if (!cover) return null;
  const file = largestJpeg(cover);
  return { url: mediaUrl(origin, file.key), width: file.width, height: file.height, credit: cover.credit, alt: cover.alt?.trim() || null };
}

/** The feed document in one format; `path` is the RSS feed's path. */
function channel(
  format: FeedFormat,
  portal: Portal,
  edition: Edition,
  path: string,
  title: string,
  description: string,
  list: FeedItem[],
  pagePath: string,
): string {
  const origin = siteOrigin(portal, getSiteHosts());
  const selfUrl = `${origin}${feedIn(format, path)}`;
  return FEED_FORMATS[format].build({
    title,
    link: `${origin}${pagePath}`,
    selfUrl,
    hubUrl: websubHubUrl(),
    description,
    language: edition,
    items: list,
  });
}

export async function editionFeed(portal: Portal, edition: Edition, format: FeedFormat = "rss", now = new Date()): Promise<FeedResult> {
  const list = await items(portal, edition, {}, now);
  return {
    kind: "ok",
    format,
    document: channel(
      format,
      portal,
      edition,
      feedPath(edition),
      SITE_NAMES[portal],
      PORTAL_TAGLINES[portal][edition],
      list,
      `/${edition}`,
    ),
  };
}

/** A category's feed includes its active subcategories; an unknown or inactive category has none. */
export async function categoryFeed(
  portal: Portal,
  edition: Edition,
  slug: string,
  format: FeedFormat = "rss",
  now = new Date(),
): Promise<FeedResult> {
  const category = await db.category.findFirst({
    where: { portal, slug, isActive: true },
    include: { children: { where: { isActive: true }, select: { id: true } } },
  });
  if (!category) return { kind: "missing" };
  const ids = [category.id, ...category.children.map((c) => c.id)];
  const list = await items(portal, edition, { categoryId: { in: ids } }, now);
  const name = edition === "de" ? category.nameDe : category.nameEn;
  const description = (edition === "de" ? category.descriptionDe : category.descriptionEn) ?? name;
  return {
    kind: "ok",
    format,
    document: channel(
      format,
      portal,
      edition,
      `${categoryPath(edition, slug)}/feed`,
      `${name} – ${SITE_NAMES[portal]}`,
      description,
      list,
      categoryPath(edition, slug),
    ),
  };
}

/**
 * A newsroom's feed exists only while the company is active, not removed and has at least one
 * visible release; this check runs before any cache. An old slug of a merged company answers
 * 301 to the surviving newsroom's feed.
 */
export async function newsroomFeed(
  portal: Portal,
  edition: Edition,
  slug: string,
  format: FeedFormat = "rss",
  now = new Date(),
  build: (portal: Portal, edition: Edition, slug: string, companyId: number, format: FeedFormat) => Promise<string | null> = (
    p,
    e,
    s,
    id,
    f,
  ) => newsroomFeedDocument(p, e, s, id, f, now),
): Promise<FeedResult> {
  const company = await db.company.findFirst({ where: { slug, ...onPortalWhere(portal) } });
  if (!company) {
    const moved = await db.companySlugRedirect.findFirst({
      where: { slug, ...onPortalWhere(portal) },
      include: { company: { select: { slug: true } } },
    });
    return moved
      ? {
          kind: "redirect",
          location: `${siteOrigin(portal, getSiteHosts())}${feedIn(format, `${newsroomPath(edition, moved.company.slug)}/feed`)}`,
        }
      : { kind: "missing" };
  }
  if (company.mergedIntoCompanyId) {
    const target = await db.company.findUnique({ where: { id: company.mergedIntoCompanyId }, select: { slug: true } });
    if (target)
      return {
        kind: "redirect",
        location: `${siteOrigin(portal, getSiteHosts())}${feedIn(format, `${newsroomPath(edition, target.slug)}/feed`)}`,
      };
  }
  if (!company.isActive || company.deletedAt || company.goneAt) return { kind: "missing" };
  const document = await build(portal, edition, slug, company.id, format);
  return document ? { kind: "ok", format, document } : { kind: "missing" };
}

/** The feed document of a newsroom that passed the check; null when it has no visible release. */
export async function newsroomFeedDocument(
  portal: Portal,
  edition: Edition,
  slug: string,
  companyId: number,
  format: FeedFormat = "rss",
  now = new Date(),
): Promise<string | null> {
  const company = await db.company.findUniqueOrThrow({
    where: { id: companyId },
    select: { name: true, descriptionDe: true, descriptionEn: true },
  });
  const list = await items(portal, edition, { companyId }, now);
  if (!list.length) return null;
  return channel(
    format,
    portal,
    edition,
    `${newsroomPath(edition, slug)}/feed`,
    `${company.name} – ${SITE_NAMES[portal]}`,
    newsroomDescription(company, edition) ?? company.name,
    list,
    newsroomPath(edition, slug),
  );
}
