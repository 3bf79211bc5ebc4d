import { isbot } from "isbot";
import { db } from "@/lib/db/client";

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
  return userAgent.replace(/\([^)]*\)/g, "").replace(/\s+/g, " ").trim().slice(0, 120);
}

/**
 * One fetch of a release page (spec 6.1): a person's view becomes a `view` event (no personal
 * data); a crawler's fetch is logged per release with service, short user agent and time, never
 * an IP, and does not count as a view. Best-effort: a failed write never breaks the page.
 */
export async function recordReleaseFetch(pressReleaseId: number, userAgent: string | null): Promise<void> {
  try {
    const ua = userAgent ?? "";
    if (ua && isbot(ua)) {
      await db.crawlerFetch.create({ data: { pressReleaseId, service: crawlerService(ua), userAgentShort: shortUserAgent(ua) } });
    } else {
      await db.pressReleaseEvent.create({ data: { pressReleaseId, type: "view" } });
    }
  } catch (err) {
    console.warn("release fetch not recorded:", err instanceof Error ? err.message.split("\n").at(-1) : err);
  }
}
