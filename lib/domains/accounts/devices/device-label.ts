// The German name of a device in the session list ("Chrome unter Linux", "Safari auf iPhone").
// Sessions keep only a shortened user agent (design.md: privacy by construction), stored in the
// neutral English form the sign-in writes ("Chrome on Linux", "Browser on unknown system"); the
// words shown are chosen here, at display time, so stored rows need no migration when they change.
// A full user-agent string is read too, so the sign-in may hand its raw header here one day.

type Browser = "Edge" | "Firefox" | "Chrome" | "Safari" | "Opera";
type Platform = "Windows" | "macOS" | "Linux" | "Android" | "iOS" | "iPhone" | "iPad" | "ChromeOS";

const UNKNOWN_DEVICE = "Unbekanntes Gerät";

/** Devices one holds take "auf" ("Safari auf iPhone"), operating systems "unter" ("Chrome unter Linux"). */
const ON_DEVICE: ReadonlySet<Platform> = new Set(["iPhone", "iPad"]);

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const BROWSERS: [RegExp, Browser][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bEdge\b/, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bFirefox\b|\bFxiOS\//, "Firefox"],
  [/\bChrom(e|ium)\b|\bCriOS\//, "Chrome"],
  [/\bSafari\b/, "Safari"],
];

// iPhone and iPad before "Mac OS X" (their user agents say "like Mac OS X"), Android before Linux.
const PLATFORMS: [RegExp, Platform][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\biOS\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b|\bChromeOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b|\bmacOS\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

const first = <T>(table: [RegExp, T][], text: string): T | null => table.find(([re]) => re.test(text))?.[1] ?? null;

/**
 * The device as people say it in German: "Firefox unter Windows", "Safari auf iPhone",
 * "Browser unter Linux" (browser unknown), "Chrome" (system unknown), "Unbekanntes Gerät"
 * (nothing known). Accepts the stored short label or a raw user agent; never shows either.
 */
export function germanDeviceLabel(userAgent: string | null | undefined): string {
  const text = userAgent?.slice(0, 512) ?? "";
  const browser = first(BROWSERS, text);
  const platform = first(PLATFORMS, text);
  if (!browser && !platform) return UNKNOWN_DEVICE;
  if (!platform) return browser!;
  return `${browser ?? "Browser"} ${ON_DEVICE.has(platform) ? "auf" : "unter"} ${platform}`;
}
