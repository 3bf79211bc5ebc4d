import { db } from "@/lib/core/db/client";
import type { FeedResult } from "@/lib/adapters/public/feeds/feeds";
import { FEED_ITEMS } from "@/lib/adapters/public/feeds/feeds";
import type { FeedItem } from "@/lib/adapters/public/feeds/rss";
import { FEED_FORMATS, feedIn, type FeedFormat } from "@/lib/adapters/public/feeds/formats";
import type { PressReleaseCorrectionKind } from "@/lib/generated/prisma/client";
import { publiclyVisibleReleaseWhere } from "@/lib/domains/releases/visibility";
import { editionAlternates, getSiteHosts, releaseUrl, siteOrigin, SITE_NAMES, type Edition, type Portal } from "@/lib/domains/sites";
import { correctionLine, KIND_NAMES } from "@/lib/domains/legal/corrections/note-text";
import { correctionAnchor, correctionsFeedPath, correctionsPath } from "@/lib/domains/legal/corrections/paths";
import { websubHubUrl } from "@/lib/adapters/public/websub/topics";

// The public correction log of one portal and edition (spec 4.4): every correction, change,
// redaction and withdrawal, newest first, as a page and as an RSS 2.0 feed. An entry stays when
// its release leaves the public (depublished, tombstoned, deleted); it just links nowhere then.
//
// The title an entry shows is decided when the log is read, never taken from the entry alone:
// entries are insert-only, and a title an older entry recorded may since have been redacted.
// Every entry of a release shows the title its newest entry recorded (after a redaction that is
// the redacted title, after a withdrawal the one the editor chose); a tombstoned or deleted
// release shows none.

/** Like the category archives (spec 8): 30 entries per page. */
export const CORRECTIONS_PER_PAGE = 30;

/** What stands instead of the title of a release that was tombstoned or deleted. */
export const REMOVED_RELEASE_TITLE: Record<Edition, string> = {
  de: "Pressemitteilung nicht mehr verfügbar",
  en: "Press release no longer available",
};

export interface CorrectionLogEntry {
  id: number;
  kind: PressReleaseCorrectionKind;
  createdAt: Date;
  /** The title as shown now (see above), not necessarily the one this entry recorded. */
  title: string;
  note: string;
  /** The release page while it is public; null once it is not. */
  url: string | null;
}

async function entries(portal: Portal, edition: Edition, skip: number, take: number, now: Date): Promise<CorrectionLogEntry[]> {
  const rows = await db.pressReleaseCorrection.findMany({
    where: { portal, language: edition },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip,
    take,
    select: {
      id: true,
      kind: true,
      createdAt: true,
      note: true,
      pressRelease: { select: { id: true, portal: true, language: true, slug: true, goneAt: true, deletedAt: true } },
    },
  });
  const ids = [...new Set(rows.map((r) => r.pressRelease.id))];
  if (!ids.length) return [];
  const visible = new Set(
    (await db.pressRelease.findMany({ where: { id: { in: ids }, ...publiclyVisibleReleaseWhere(now) }, select: { id: true } })).map(
      (r) => r.id,
    ),
  );
  const newest = await db.pressReleaseCorrection.findMany({
    where: { pressReleaseId: { in: ids } },
    orderBy: [{ pressReleaseId: "asc" }, { createdAt: "desc" }, { id: "desc" }],
    distinct: ["pressReleaseId"],
    select: { pressReleaseId: true, releaseTitle: true },
  });
  const titles = new Map(newest.map((n) => [n.pressReleaseId, n.releaseTitle]));
  const hosts = getSiteHosts();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    createdAt: r.createdAt,
    title: r.pressRelease.goneAt || r.pressRelease.deletedAt ? REMOVED_RELEASE_TITLE[edition] : titles.get(r.pressRelease.id)!,
    note: r.note,
    url: visible.has(r.pressRelease.id) ? releaseUrl(r.pressRelease, hosts) : null,
  }));
}

/** One page of the log; null for a later page past the end (404, as the archives answer). */
export async function correctionLogPage(portal: Portal, edition: Edition, page: number, now = new Date()) {
  const total = await db.pressReleaseCorrection.count({ where: { portal, language: edition } });
  const totalPages = Math.max(1, Math.ceil(total / CORRECTIONS_PER_PAGE));
  if (page > totalPages) return null;
  const origin = siteOrigin(portal, getSiteHosts());
  return {
    entries: await entries(portal, edition, (page - 1) * CORRECTIONS_PER_PAGE, CORRECTIONS_PER_PAGE, now),
    page,
    total,
    totalPages,
    canonical: `${origin}${correctionsPath(edition, page)}`,
    // hreflang only on page 1: later pages list other entries in each edition.
    alternates: page === 1 ? editionAlternates(portal, "/corrections", getSiteHosts()) : null,
  };
}

const CHANNEL = {
  de: {
    title: (site: string) => `Korrekturen – ${site}`,
    description: (site: string) => `Korrekturen, Änderungen, Schwärzungen und zurückgezogene Pressemitteilungen auf ${site}.`,
  },
  en: {
    title: (site: string) => `Corrections – ${site}`,
    description: (site: string) => `Corrections, updates, redactions and withdrawn press releases on ${site}.`,
  },
} as const;

/** The log as a feed in the other feeds' formats: the newest 50 entries, each linking its release while public. */
export async function correctionsFeed(portal: Portal, edition: Edition, format: FeedFormat = "rss", now = new Date()): Promise<FeedResult> {
  const list = await entries(portal, edition, 0, FEED_ITEMS, now);
  const origin = siteOrigin(portal, getSiteHosts());
  const site = SITE_NAMES[portal];
  const items: FeedItem[] = list.map((e) => {
    const anchor = `${origin}${correctionsPath(edition)}#${correctionAnchor(e.id)}`;
    return {
      title: `${KIND_NAMES[edition][e.kind]}: ${e.title}`,
      link: e.url ?? anchor,
      guid: anchor,
      pubDate: e.createdAt,
      updated: e.createdAt,
      creator: site,
      categories: [KIND_NAMES[edition][e.kind]],
      description: correctionLine(e, edition),
    };
  });
  const document = FEED_FORMATS[format].build({
    title: CHANNEL[edition].title(site),
    link: `${origin}${correctionsPath(edition)}`,
    selfUrl: `${origin}${feedIn(format, correctionsFeedPath(edition))}`,
    hubUrl: websubHubUrl(),
    description: CHANNEL[edition].description(site),
    language: edition,
    items,
  });
  return { kind: "ok", format, document };
}
