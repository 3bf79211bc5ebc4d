import { getConfig, type Config } from "@/lib/core/config";
import { configuredSecrets } from "./configured-secrets";

// The patterns of the privacy filter, applied to every string the error tracker sends and to the
// error texts the service stores for its operators (job heartbeats, webhook failures). They err
// on the side of masking: a masked id in a message costs less than a leaked address.

/** Credentials before the host of a URL (`https://user:pass@host`). */
const URL_USERINFO = /(:\/\/)[^\s/?#@]+@/g;
/** A letter, digit or mark of any script, or a percent-encoded byte (`b%C3%BCcher.de`). */
const ADDRESS_CHAR = "(?:[\\p{L}\\p{N}\\p{M}]|%[0-9a-f]{2})";
/**
 * Addresses in any script (`jürgen.müller@bücher.de`), also with the `@` percent-encoded (`max%40firma.de`
 * in a path or form body). The local part takes every character RFC 5322 allows, so a path or form
 * field before an address may go with it: masking too much beats leaving half a name. Lengths are
 * bounded (RFC 5321: 64 octets, three characters each when percent-encoded), so a hostile text
 * cannot make the scan slow.
 */
const EMAIL = new RegExp(
  `[\\p{L}\\p{N}\\p{M}.!#$%&'*+/=?^_\`{|}~-]{1,192}(?:@|%40)(?:${ADDRESS_CHAR}(?:(?:${ADDRESS_CHAR}|-){0,61}${ADDRESS_CHAR})?\\.){1,8}(?:\\p{L}|%[0-9a-f]{2})(?:(?:${ADDRESS_CHAR}|-){0,61}${ADDRESS_CHAR})?`,
  "giu",
);
/** PEM blocks (a service account's private key), with real or escaped line breaks. */
const PEM = /-----BEGIN [A-Z ]+-----[\s\S]*?-----END [A-Z ]+-----/g;
/** Authorization schemes followed by their credential. */
const AUTH_SCHEME = /\b(Bearer|Basic|Token|Digest)\s+[\w.~+/=-]+/gi;
/** Our API tokens (lib/adapters/api-tokens/tokens.ts: `pd_` + 43 base64url characters), also cut short. */
const API_TOKEN = /\bpd_[\w-]{16,}/g;
/** Stripe secret, restricted and publishable keys, webhook secrets and client secrets. */
const STRIPE = /\b(?:(?:sk|rk|pk)_(?:live|test)_[\w]{8,}|whsec_[\w+/=-]{8,}|\w+_secret_[\w]{6,})/g;
/** JWTs and next-auth's encrypted cookies (JWE): base64url JSON headers joined by dots. */
const JWT = /\beyJ[\w-]*(?:\.[\w-]*){1,4}/g;
/**
 * `?query` after anything with a slash (URLs, paths, `GET /x?y`); the fragment goes with it. The
 * part before the first slash takes no slash, so a run of slashes is read once, not in every split.
 */
const URL_QUERY = /([^\s?#"<>/]*\/[^\s?#"<>]*)[?#][^\s"'<>]*/g;
/** `name=value` pairs whose name says secret: cookies in a header string, form bodies, log lines. */
const SECRET_PAIR = /([\w.-]{0,64}(?:token|secret|password|passwd|session|csrf|auth|code|sig|key)[\w.-]{0,64})=([^\s;,&"']+)/gi;
/** `name: value` and `"name": "value"` (log lines, JSON inside a message) whose name says secret; the quotes stay. */
const SECRET_FIELD =
  /((?:\\?["'])?[\w.-]{0,64}(?:password|passwd|pwd|secret|token|api[_-]?key|private[_-]?key|credentials?)[\w.-]{0,64}(?:\\?["'])?\s*:[ \t]*)(\\"(?:[^\\]|\\(?!"))*?\\"|"(?:[^"\\]|\\.)*"|'[^']*'|(?![[{])[^\s,;}\]&]+)/gi;
const H = "[0-9a-f]{1,4}";
const V4 = "\\d{1,3}(?:\\.\\d{1,3}){3}";
/** Full, compressed and IPv4-embedding forms; those ending in an IPv4 part come first so they are taken whole. */
const IPV6 = new RegExp(
  `(?<![\\w:.])(?:(?:${H}:){6}${V4}|(?:${H}(?::${H}){0,5})?::(?:${H}:){0,5}${V4}|(?:${H}:){7}${H}|(?:${H}(?::${H}){0,6})?::(?:${H}(?::${H}){0,6})?)(?![\\w:])`,
  "gi",
);
const IPV4 = /(?<!\d)(?:\d{1,3}\.){3}\d{1,3}(?!\d|\.\d)/g;
const LONG_HEX = /(?<![0-9a-f])[0-9a-f]{32,}(?![0-9a-f])/gi;
/** Random base64url runs (session ids, link tokens: 32 bytes = 43 characters) and standard base64 with padding. */
const BASE64URL = /(?<![\w-])[\w-]{32,}(?![\w-])/g;
const BASE64 = /(?<![\w+/])[\w+/]{40,}={0,2}(?![\w+/=])/g;

const UUID = /^[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i;
/** Random-looking: a digit or mixed case (43 random characters lack both about once in a million), and not a UUID (request ids stay). */
const looksRandom = (s: string): boolean => !UUID.test(s) && (/\d/.test(s) || (/[a-z]/.test(s) && /[A-Z]/.test(s)));

export const MASK = {
  email: "[email]",
  token: "[token]",
  ip: "[ip]",
  secret: "[filtered]",
} as const;

/** Removes query strings and fragments, nothing else: for paths and URLs that carry no other data. */
export function stripQuery(text: string): string {
  return text.replace(URL_QUERY, "$1");
}

/**
 * Longer strings are cut first, at a word boundary so no half token escapes the patterns: some
 * patterns scan ahead from every position, and a hostile megabyte would hold the process.
 */
const MAX_SCRUBBED_CHARS = 8_192;
const CUT = " …[cut]";

/** The text before the last whitespace within `maxChars` (nothing, if it has none there). */
function cutAtWord(text: string, maxChars: number): string {
  const head = text.slice(0, maxChars + 1);
  let at = head.length - 1;
  while (at >= 0 && !/\s/.test(head[at]!)) at--;
  return head.slice(0, Math.max(at, 0)).trimEnd();
}

const secretPatterns = new WeakMap<Config, RegExp | null>();

/** The configured secrets (configured-secrets.ts) as one pattern, built once per configuration. */
function configuredSecretPattern(): RegExp | null {
  const config = getConfig();
  if (!secretPatterns.has(config)) {
    const values = configuredSecrets(config).map((v) => v.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"));
    secretPatterns.set(config, values.length ? new RegExp(values.join("|"), "g") : null);
  }
  return secretPatterns.get(config)!;
}

/** A secret value with its quotes kept, so JSON stays readable. */
function maskFieldValue(value: string): string {
  const quote = /^\\?["']/.exec(value)?.[0] ?? "";
  return `${quote}${MASK.secret}${quote}`;
}

/**
 * Masks e-mail addresses, tokens, secrets, client addresses and query strings in free text.
 * The configured secrets go first, word for word: later patterns would cut them apart.
 */
export function scrubText(text: string): string {
  if (text.length === 0) return text;
  const secrets = configuredSecretPattern();
  const kept = text.length > MAX_SCRUBBED_CHARS ? `${cutAtWord(text, MAX_SCRUBBED_CHARS)}${CUT}` : text;
  return (secrets ? kept.replace(secrets, MASK.secret) : kept)
    .replace(PEM, MASK.secret)
    .replace(URL_USERINFO, `$1${MASK.secret}@`)
    .replace(URL_QUERY, "$1")
    .replace(EMAIL, MASK.email)
    .replace(AUTH_SCHEME, `$1 ${MASK.token}`)
    .replace(API_TOKEN, MASK.token)
    .replace(STRIPE, MASK.token)
    .replace(JWT, MASK.token)
    .replace(SECRET_PAIR, `$1=${MASK.secret}`)
    .replace(SECRET_FIELD, (_m, name: string, value: string) => `${name}${maskFieldValue(value)}`)
    .replace(IPV6, (m) => (m === "::" ? m : MASK.ip))
    .replace(IPV4, MASK.ip)
    .replace(LONG_HEX, MASK.token)
    .replace(BASE64URL, (m) => (looksRandom(m) ? MASK.token : m))
    .replace(BASE64, (m) => (/[+=]/.test(m) && looksRandom(m) ? MASK.token : m));
}

/**
 * At most `maxChars` of masked text, for error texts stored where operators read them (job
 * heartbeats, webhook failures). Masked before it is cut, so no half address escapes the patterns.
 */
export function scrubExcerpt(text: string, maxChars: number): string {
  return scrubText(text).slice(0, maxChars);
}
