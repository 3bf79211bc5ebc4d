import { createHash } from "node:crypto";
import { getLimiter, secondsUntil } from "@/lib/core/ratelimit/limiter";
import { clientKeyOf } from "@/lib/core/security/client-ip";

// Looks like a secret or an id someone could replay: long runs of letters and digits.
const TOKEN_SEGMENT = /^(?=.*\d)[A-Za-z0-9_-]{16,}$|^[A-Fa-f0-9]{12,}$/;

/** A URL as it may be logged: no query, no fragment, token-like path segments masked. */
export function sanitizeReportUrl(raw: unknown): string | null {
  if (typeof raw !== "string" || !raw) return null;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(raw)) return raw.slice(0, 40); // keywords like "inline", "eval"
  try {
    const url = new URL(raw);
    const path = url.pathname
      .split("/")
      .map((s) => (TOKEN_SEGMENT.test(s) ? ":token" : s))
      .join("/");
    return `${url.protocol}//${url.host}${path}`;
  } catch {
    return null;
  }
}

// What could end a log line, fake the next one or hide in it: control characters (C0, DEL, C1),
// line and paragraph separators, format characters (bidi overrides), lone surrogates, private
// use and unassigned code points. The backslash too, so an escape in a value reads as typed.
const UNLOGGABLE = /[\\\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/gu;
const SHORT_ESCAPES: Record<string, string> = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** A value from a report as printable text on one line: JSON-style escapes (`\n`, `\u2028`). */
export function loggableValue(value: string): string {
  return value.replace(
    UNLOGGABLE,
    (c) => SHORT_ESCAPES[c] ?? Array.from({ length: c.length }, (_, i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, "0")}`).join(""),
  );
}

export interface CspViolation {
  documentUri: string | null;
  blockedUri: string | null;
  directive: string | null;
}

/** Both report formats: `application/csp-report` ({"csp-report": …}) and Reporting API arrays. */
export function parseCspReports(body: unknown): CspViolation[] {
  const items = Array.isArray(body)
    ? body.map((r: { body?: Record<string, unknown> }) => r?.body ?? {})
    : [((body as { "csp-report"?: Record<string, unknown> })?.["csp-report"] ?? {}) as Record<string, unknown>];
  return items.slice(0, 20).map((r) => ({
    documentUri: sanitizeReportUrl(r["document-uri"] ?? r["documentURL"]),
    blockedUri: sanitizeReportUrl(r["blocked-uri"] ?? r["blockedURL"]),
    directive:
      typeof (r["effective-directive"] ?? r["effectiveDirective"] ?? r["violated-directive"]) === "string"
        ? String(r["effective-directive"] ?? r["effectiveDirective"] ?? r["violated-directive"]).slice(0, 60)
        : null,
  }));
}

/** Seconds the client must wait before sending reports again (policy `cspReports`); null when it may send now. */
export async function cspReportRetryAfterSeconds(headers: Headers): Promise<number | null> {
  const result = await getLimiter("cspReports").limit(clientKeyOf(headers));
  return result.success ? null : secondsUntil(result.reset);
}

/** Logs each distinct violation at most once an hour (policy `csp`); returns how many were logged. */
export async function recordCspReports(body: unknown, log: (line: string) => void = (l) => console.warn(l)): Promise<number> {
  let logged = 0;
  for (const v of parseCspReports(body)) {
    if (!v.directive && !v.blockedUri) continue;
    const key = createHash("sha256").update(JSON.stringify(v)).digest("base64url").slice(0, 24);
    if (!(await getLimiter("csp").limit(key)).success) continue;
    // Values come from whoever sent the report: escaped, so they cannot start a line of their own.
    log(
      `csp violation: ${loggableValue(v.directive ?? "?")} blocked ${loggableValue(v.blockedUri ?? "?")} on ${loggableValue(v.documentUri ?? "?")}`,
    );
    logged++;
  }
  return logged;
}
