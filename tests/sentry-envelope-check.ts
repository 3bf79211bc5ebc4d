import { isIPv6 } from "node:net";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

// The acceptance check of the error tracker's privacy filter (issue 18): every envelope the SDK
// handed to its transport during a run, read back from disk and searched for what must never
// leave the service. Written independently of lib/core/observability/scrub-text.ts, so a
// pattern missing there is not missing here as well.

/** Ids the tracker needs verbatim: hex by design, not secrets. */
const ID_KEYS = new Set(["event_id", "trace_id", "span_id", "parent_span_id", "segment_id", "profile_id", "replay_id", "sid", "did"]);
/** Never sent with a value, whatever it is. */
const FORBIDDEN_KEY =
  /^(?:cookie|cookies|set-cookie|authorization|proxy-authorization|x-forwarded-for|x-real-ip|forwarded|ip_address|query_string)$/i;

const LEAKS: [string, RegExp][] = [
  // Each pattern starts only where its run starts (lookbehind), so long ids cost linear time.
  ["e-mail address", /(?<![\w.!#$%&'*+/=?^`{|}~-])[\w.!#$%&'*+/=?^`{|}~-]+@(?:[a-z0-9-]+\.)+[a-z]{2,}\b/i],
  [
    "e-mail address in another script or percent-encoded",
    /(?<![\p{L}\p{N}\p{M}.!#$%&'*+/=?^_`{|}~-])[\p{L}\p{N}\p{M}.!#$%&'*+/=?^_`{|}~-]+(?:@|%40)(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}/iu,
  ],
  ["API token", /\bpd_[\w-]{20,}/],
  ["bearer credential", /\b(?:Bearer|Basic)\s+(?!\[)\S+/i],
  ["Stripe key", /\b(?:sk|rk)_(?:live|test)_\w+|whsec_\w{8,}|_secret_\w{6,}/],
  ["JWT", /\beyJ[\w-]{8,}\.[\w-]+/],
  ["long hex secret", /(?<![0-9a-f])[0-9a-f]{32,}(?![0-9a-f])/i],
  ["base64url secret", /(?<![\w-])(?=[\w-]*\d)[\w-]{40,}(?![\w-])/],
  ["IPv4 address", /(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?![\d.])/],
];

/** A URL or path with a query: in one token, a `?` after a `/`, with something after it. */
function queryStringIn(text: string): string | null {
  for (const [token] of text.matchAll(/[^\s"'<>]+/g)) {
    const slash = token.indexOf("/");
    const mark = slash < 0 ? -1 : token.indexOf("?", slash);
    if (mark >= 0 && mark < token.length - 1) return token;
  }
  return null;
}

/**
 * An address stands alone: a candidate glued to a word or a `$` is something else, such as the
 * SQL cast in `$6::int` that spans' statements carry.
 */
function ipv6In(text: string): string | null {
  // Maximal runs of address characters, then the ones with two colons: linear in the text (a
  // pattern with three starred classes backtracks cubically over long hex ids).
  for (const m of text.matchAll(/[0-9a-f.:]+(?:%[\w.-]+)?/gi)) {
    const candidate = m[0];
    if (candidate.indexOf(":") === candidate.lastIndexOf(":")) continue;
    const before = text[m.index - 1] ?? "";
    const after = text[m.index + candidate.length] ?? "";
    if (/[\w$]/.test(before) || /\w/.test(after)) continue;
    const bare = candidate.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
    if (bare !== "::" && isIPv6(bare)) return candidate;
  }
  return null;
}

function leaksOf(value: unknown, path: string, out: string[]): void {
  if (typeof value === "string") {
    const key = path.split(".").at(-1) ?? "";
    if (ID_KEYS.has(key)) return;
    for (const [what, pattern] of LEAKS) if (pattern.test(value)) out.push(`${what} at ${path}: ${value.slice(0, 160)}`);
    const query = queryStringIn(value);
    if (query) out.push(`query string at ${path}: ${query.slice(0, 160)}`);
    const v6 = ipv6In(value);
    if (v6) out.push(`IPv6 address at ${path}: ${v6}`);
    return;
  }
  if (value === null || typeof value !== "object") return;
  for (const [k, v] of Object.entries(value)) {
    if (FORBIDDEN_KEY.test(k) && v !== undefined && v !== null && v !== "") out.push(`${k} sent at ${path}.${k}`);
    leaksOf(v, `${path}.${k}`, out);
  }
}

export interface ParsedEnvelope {
  header: Record<string, unknown>;
  items: { type: string; payload: unknown }[];
}

/** An envelope as the SDK serialises it: a header line, then each item's header line and payload line. */
export function parseEnvelope(text: string): ParsedEnvelope {
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  const header = JSON.parse(lines[0]!) as Record<string, unknown>;
  const items: ParsedEnvelope["items"] = [];
  for (let i = 1; i + 1 < lines.length; i += 2) {
    const itemHeader = JSON.parse(lines[i]!) as { type?: string };
    let payload: unknown = lines[i + 1];
    try {
      payload = JSON.parse(lines[i + 1]!);
    } catch {
      // An attachment's raw bytes: searched as text.
    }
    items.push({ type: itemHeader.type ?? "unknown", payload });
  }
  return { header, items };
}

/** Every leak in the envelopes (the DSN in a header is the tracker's own address, not a client's). */
export function envelopeLeaks(envelopes: ParsedEnvelope[]): string[] {
  const out: string[] = [];
  envelopes.forEach((e, n) => {
    const { dsn: _dsn, ...header } = e.header;
    leaksOf(header, `envelope[${n}].header`, out);
    e.items.forEach((item, i) => leaksOf(item.payload, `envelope[${n}].${item.type}[${i}]`, out));
  });
  return out;
}

/** Error events, messages and transactions among the envelopes (not client reports or sessions). */
export const eventCount = (envelopes: ParsedEnvelope[]): number =>
  envelopes.reduce((n, e) => n + e.items.filter((i) => i.type === "event" || i.type === "transaction").length, 0);

/** Every envelope file (`*.envelope`) in `dir`. */
export function readEnvelopes(dir: string): ParsedEnvelope[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".envelope"));
  } catch {
    return [];
  }
  // An empty file holds no envelope (a worker ended while filing one): nothing in it can leak.
  return names
    .map((n) => readFileSync(join(dir, n), "utf8"))
    .filter((text) => text.trim() !== "")
    .map(parseEnvelope);
}
