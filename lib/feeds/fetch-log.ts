import { shortUserAgent } from "@/lib/analytics/fetches";
import { bestEffort } from "@/lib/activity/best-effort";
import { db } from "@/lib/db/client";
import type { FeedKind } from "@/lib/generated/prisma/client";
import type { Edition, Portal } from "@/lib/sites";

// Feed readers that announce themselves, and how they report subscribers in the user agent
// (e.g. "Feedly/1.0 (+http://www.feedly.com/fetcher.html; 42 subscribers)").
const READERS: [RegExp, string][] = [
  [/Feedly/i, "feedly"],
  [/Inoreader/i, "inoreader"],
  [/NewsBlur/i, "newsblur"],
  [/Feedbin/i, "feedbin"],
  [/The Old Reader/i, "theoldreader"],
  [/Miniflux/i, "miniflux"],
  [/FreshRSS/i, "freshrss"],
  [/Tiny Tiny RSS/i, "ttrss"],
  [/NetNewsWire/i, "netnewswire"],
  [/Feeder/i, "feeder"],
  [/Slackbot/i, "slack"],
  [/Feedfetcher-Google|Google-Feedfetcher/i, "google"],
];

export function feedReaderOf(userAgent: string): string | null {
  return READERS.find(([re]) => re.test(userAgent))?.[1] ?? null;
}

export function subscriberCountOf(userAgent: string): number | null {
  const m = /(\d{1,9})\s+(?:subscribers?|readers?)/i.exec(userAgent) ?? /subscribers?[=:]\s*(\d{1,9})/i.exec(userAgent);
  return m ? Number(m[1]) : null;
}

/** One row per feed fetch, cache hits included; no IP. Best-effort, written after the response. */
export async function recordFeedFetch(entry: { kind: FeedKind; key: string; portal: Portal; edition: Edition; userAgent: string | null }): Promise<void> {
  const ua = entry.userAgent ?? "";
  await bestEffort("feed fetch write", () =>
    db.feedFetch.create({
      data: { feedKind: entry.kind, feedKey: entry.key, portal: entry.portal, language: entry.edition, reader: feedReaderOf(ua), subscriberCount: subscriberCountOf(ua), userAgentShort: shortUserAgent(ua) || "-" },
    }),
  );
}
