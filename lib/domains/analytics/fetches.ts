import { isbot } from "isbot";
import { bestEffort } from "@/lib/domains/activity/best-effort";
import { db } from "@/lib/core/db/client";
import { getLimiter } from "@/lib/core/ratelimit/limiter";
import { processSingleton } from "@/lib/core/process-singleton";
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
 *
 * Fetches wait up to a second in this process and are written together: a crawler sweeping the
 * portals fetches hundreds of pages a second, and a write each would cost more than serving them.
 * The promise settles once this fetch's write is done: hand it to the platform's waitUntil where
 * an instance may be frozen after its answer. A server process that stops loses at most that
 * second's fetches.
 */
export function recordCrawlerFetch(pressReleaseId: number, userAgent: string | null, at = new Date()): Promise<void> | null {
  const ua = userAgent ?? "";
  if (!ua || !isbot(ua)) return null;
  const q = waitingFetches();
  // While the database is slow the queue stays bounded: past this, fetches are not logged.
  if (q.rows.length >= MOST_WAITING_FETCHES) return null;
  q.rows.push({ pressReleaseId, service: crawlerService(ua), userAgentShort: shortUserAgent(ua), fetchedAt: at });
  const written = (q.written ??= settled());
  if (q.rows.length >= WRITE_AT_ONCE_FETCHES && !q.writing) void flushCrawlerFetches();
  else q.timer ??= setTimeout(() => void flushCrawlerFetches(), FETCH_FLUSH_MS).unref();
  return written.promise;
}

const FETCH_FLUSH_MS = 1000;
const WRITE_AT_ONCE_FETCHES = 500;
const MOST_WAITING_FETCHES = 5000;
interface WaitingFetch {
  pressReleaseId: number;
  service: string;
  userAgentShort: string;
  fetchedAt: Date;
}
const settled = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};
// One per process: the middleware and the routes are bundled apart.
const waitingFetches = () =>
  processSingleton("crawler-fetches-waiting", () => ({
    rows: [] as WaitingFetch[],
    timer: null as NodeJS.Timeout | null,
    /** Settles once the waiting rows are written (or their write failed): a platform's waitUntil holds it. */
    written: null as ReturnType<typeof settled> | null,
    writing: null as Promise<void> | null,
  }));

/**
 * Writes the waiting fetches in one statement, one write at a time: fetches that come meanwhile
 * wait for the next. A release deleted meanwhile takes its fetches along.
 */
export function flushCrawlerFetches(): Promise<void> {
  const q = waitingFetches();
  if (q.timer) clearTimeout(q.timer);
  q.timer = null;
  q.writing ??= writeWaiting(q).finally(() => {
    q.writing = null;
    if (q.rows.length) q.timer ??= setTimeout(() => void flushCrawlerFetches(), FETCH_FLUSH_MS).unref();
  });
  return q.writing;
}

async function writeWaiting(q: ReturnType<typeof waitingFetches>): Promise<void> {
  const rows = q.rows.splice(0);
  const written = q.written;
  q.written = null;
  if (rows.length)
    await bestEffort(
      "crawler fetch write",
      () =>
        db.$executeRaw`
        INSERT INTO crawler_fetches (press_release_id, service, user_agent_short, fetched_at)
        SELECT f.id, f.service, f.ua, f.at
        FROM unnest(${rows.map((r) => r.pressReleaseId)}::int[], ${rows.map((r) => r.service)}::text[],
                    ${rows.map((r) => r.userAgentShort)}::text[], ${rows.map((r) => r.fetchedAt)}::timestamptz[]) AS f(id, service, ua, at)
        WHERE EXISTS (SELECT 1 FROM press_releases p WHERE p.id = f.id)`,
    );
  written?.resolve();
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
