import { isbot } from "isbot";
import { bestEffort } from "@/lib/domains/activity/best-effort";
import { db } from "@/lib/core/db/client";
import { getLimiter } from "@/lib/core/ratelimit/limiter";
import { publiclyVisibleReleaseWhere } from "@/lib/domains/releases/visibility";
import type { Portal } from "@/lib/domains/sites";

const SERVICES: [RegExp, string][] = [
  [/Googlebot|Google-InspectionTool|Storebot-Google|GoogleOther/i, "google"],
  [/bingbot|BingPreview|msnbot/i, "bing"],
  [/DuckDuckBot/i, "duckduckgo"],
  [/YandexBot/i, "yandex"],
  [/Baiduspider/i, "baidu"],
  [/Applebot/i, "apple"],
  [/facebookexternalhit|meta-externalagent/i, "meta"],
  [/LinkedInBot/i, "linkedin"],
  [/Twitterbot/i, "x"],
  [/GPTBot|OAI-SearchBot|ChatGPT-User/i, "openai"],
  [/ClaudeBot|Claude-User|anthropic-ai/i, "anthropic"],
  [/PerplexityBot/i, "perplexity"],
  [/CCBot/i, "commoncrawl"],
];

/** The crawler's service, or "other". */
export function crawlerService(userAgent: string): string {
  return SERVICES.find(([re]) => re.test(userAgent))?.[1] ?? "other";
}

/** A user agent cut to its product tokens: enough to recognise, too little to fingerprint. */
export function shortUserAgent(userAgent: string): string {
  return userAgent
    .replace(/\([^)]*\)/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 120);
}

/**
 * A crawler's fetch of a release page (spec 6.1), logged per release with service, short user
 * agent and time, never an IP. People's fetches are not logged here: their views arrive through
 * the page's view beacon, which also counts pages a CDN served from its cache.
 */
export async function recordCrawlerFetch(pressReleaseId: number, userAgent: string | null): Promise<void> {
  const ua = userAgent ?? "";
  if (!ua || !isbot(ua)) return;
  await bestEffort("crawler fetch write", () =>
    db.crawlerFetch.create({ data: { pressReleaseId, service: crawlerService(ua), userAgentShort: shortUserAgent(ua) } }),
  );
}

/** A person's view of a publicly visible release: one `view` event, no personal data. Crawlers never count. */
export async function recordView(pressReleaseId: number, portal: Portal, userAgent: string | null, now = new Date()): Promise<boolean> {
  const ua = userAgent ?? "";
  if (ua && isbot(ua)) return false;
  const visible = await db.pressRelease.count({ where: { ...publiclyVisibleReleaseWhere(now), id: pressReleaseId, portal } });
  if (!visible) return false;
  return bestEffort("view event write", () => db.pressReleaseEvent.create({ data: { pressReleaseId, type: "view" } }));
}

/**
 * The view beacon's booking: a view, unless this client already sent the release's beacon 10
 * times this hour (policy `viewBeacon`) or 300 beacons of any release (`viewBeaconClient`).
 * Over the limit nothing is booked and nothing is said: the reader gets the same pixel either way.
 */
export async function recordBeaconView(opts: {
  pressReleaseId: number;
  portal: Portal;
  userAgent: string | null;
  clientKey: string;
}): Promise<boolean> {
  if (!(await getLimiter("viewBeaconClient").limit(opts.clientKey)).success) return false;
  if (!(await getLimiter("viewBeacon").limit(`${opts.clientKey}:${opts.pressReleaseId}`)).success) return false;
  return recordView(opts.pressReleaseId, opts.portal, opts.userAgent);
}
