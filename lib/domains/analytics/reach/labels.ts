import type { IndexNowPingStatus, IndexState } from "@/lib/generated/prisma/client";
import type { ShareChannel } from "./metrics";

// The reach report's words for what the tables list, in the customer's German: the same on the
// page and in its CSV files. No status code or system name reaches a customer.

export const CHANNEL_LABELS: Record<ShareChannel, string> = {
  linkedin: "LinkedIn",
  x: "X",
  email: "E-Mail",
  copy_link: "Link kopiert",
  unknown: "ohne Angabe",
};

const CRAWLER_LABELS: Record<string, string> = {
  google: "Google",
  bing: "Bing",
  duckduckgo: "DuckDuckGo",
  yandex: "Yandex",
  baidu: "Baidu",
  apple: "Apple",
  meta: "Meta (Facebook)",
  linkedin: "LinkedIn",
  x: "X",
  openai: "OpenAI",
  anthropic: "Anthropic",
  perplexity: "Perplexity",
  commoncrawl: "Common Crawl",
  other: "andere Crawler",
};

/** A crawler service (lib/domains/analytics/fetches.ts) by the name of its company. */
export function crawlerLabel(service: string): string {
  return CRAWLER_LABELS[service] ?? service;
}

const READER_LABELS: Record<string, string> = {
  feedly: "Feedly",
  inoreader: "Inoreader",
  newsblur: "NewsBlur",
  feedbin: "Feedbin",
  theoldreader: "The Old Reader",
  miniflux: "Miniflux",
  freshrss: "FreshRSS",
  ttrss: "Tiny Tiny RSS",
  netnewswire: "NetNewsWire",
  feeder: "Feeder",
  slack: "Slack",
  google: "Google Feedfetcher",
};

/** A feed reader (lib/adapters/public/feeds/fetch-log.ts) by its product name. */
export function readerLabel(reader: string): string {
  return READER_LABELS[reader] ?? reader;
}

const INSPECTOR_LABELS: Record<string, string> = {
  "search-console": "Google (Search Console)",
  embedded: "Lokale Prüfung ohne Suchmaschine",
};

/** Who answered an index inspection; checks from before it was recorded name nobody. */
export function inspectorLabel(inspector: string | null): string {
  return inspector ? (INSPECTOR_LABELS[inspector] ?? inspector) : "nicht vermerkt";
}

export const INDEX_STATE_LABELS: Record<IndexState, string> = {
  indexed: "Im Suchindex",
  crawled_not_indexed: "Besucht, noch nicht im Index",
  not_crawled: "Noch nicht besucht",
  excluded: "Nicht aufgenommen",
  error: "Nicht ermittelt",
};

export const INDEXNOW_STATUS_LABELS: Record<IndexNowPingStatus, string> = {
  pending: "wartet auf Versand",
  sent: "gesendet",
  failed: "nicht angenommen",
  recorded: "nur vermerkt (lokaler Betrieb, nichts gesendet)",
  dropped: "verworfen (nicht mehr öffentlich)",
};
