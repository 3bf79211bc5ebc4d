import { shortUserAgent } from "@/lib/domains/analytics/fetches";
import { bestEffort } from "@/lib/domains/activity/best-effort";
import { db } from "@/lib/core/db/client";
import type { FeedKind, Prisma } from "@/lib/generated/prisma/client";
import type { Edition, Portal } from "@/lib/domains/sites";

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

type FeedFetchRow = Prisma.FeedFetchCreateManyInput;

/** Rows wait at most this long, so a fetch is on record within a second (reports, tests). */
const FLUSH_MS = 200;
/** A batch larger than this drops further rows until it is written: a flood cannot grow memory. */
const MAX_BATCH_ROWS = 5_000;
let batch: { rows: FeedFetchRow[]; written: Promise<void> } | null = null;
let dropped = 0;

/**
 * One row per feed fetch, cache hits included; no IP. Best-effort, written after the response,
 * in batches: a feed served from stored bytes is fetched thousands of times a second, and one
 * insert per fetch would cap it at the database's insert rate. Resolves once its row is written.
 */
export function recordFeedFetch(entry: {
  kind: FeedKind;
  key: string;
  portal: Portal;
  edition: Edition;
  userAgent: string | null;
}): Promise<void> {
  const ua = entry.userAgent ?? "";
  const row: FeedFetchRow = {
    feedKind: entry.kind,
    feedKey: entry.key,
    portal: entry.portal,
    language: entry.edition,
    reader: feedReaderOf(ua),
    subscriberCount: subscriberCountOf(ua),
    userAgentShort: shortUserAgent(ua) || "-",
  };
  if (!batch) {
    const rows: FeedFetchRow[] = [];
    const written = new Promise((r) => setTimeout(r, FLUSH_MS).unref()).then(async () => {
      if (batch?.rows === rows) batch = null;
      if (dropped) console.warn(`feed fetch log: ${dropped} fetches not recorded (more than ${MAX_BATCH_ROWS} in ${FLUSH_MS} ms)`);
      dropped = 0;
      await bestEffort("feed fetch write", () => insertFeedFetches(rows));
    });
    batch = { rows, written };
  }
  if (batch.rows.length >= MAX_BATCH_ROWS) {
    dropped += 1;
    return Promise.resolve();
  }
  batch.rows.push(row);
  return batch.written;
}

/**
 * One statement for the batch, its columns as arrays: thousands of rows a second cost the server
 * one small query, where createMany builds and serialises every row in this process.
 */
function insertFeedFetches(rows: FeedFetchRow[]) {
  const col = <K extends keyof FeedFetchRow>(k: K) => rows.map((r) => r[k] ?? null);
  return db.$executeRaw`INSERT INTO feed_fetches (feed_kind, feed_key, portal, language, reader, subscriber_count, user_agent_short)
    SELECT * FROM unnest(${col("feedKind")}::"FeedKind"[], ${col("feedKey")}::text[], ${col("portal")}::"Portal"[], ${col("language")}::"Language"[], ${col("reader")}::text[], ${col("subscriberCount")}::int[], ${col("userAgentShort")}::text[])`;
}
