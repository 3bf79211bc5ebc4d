import { createHash } from "node:crypto";
import { getLimiter } from "@/lib/ratelimit/limiter";

// Looks like a secret or an id someone could replay: long runs of letters and digits.
const TOKEN_SEGMENT = /^(?=.*\d)[A-Za-z0-9_-]{16,}$|^[A-Fa-f0-9]{12,}$/;

/** A URL as it may be logged: no query, no fragment, token-like path segments masked. */
export function sanitizeReportUrl(raw: unknown): string | null {
  if (typeof raw !== "string" || !raw) return null;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(raw)) return raw.slice(0, 40); // keywords like "inline", "eval"
  try {
    const url = new URL(raw);
    const path = url.pathname.split("/").map((s) => (TOKEN_SEGMENT.test(s) ? ":token" : s)).join("/");
    return `${url.protocol}//${url.host}${path}`;
  } catch {
    return null;
  }
}

export interface CspViolation {
  documentUri: string | null;
  blockedUri: string | null;
  directive: string | null;
}

/** Both report formats: `application/csp-report` ({"csp-report": …}) and Reporting API arrays. */
export function parseCspReports(body: unknown): CspViolation[] {
  const items = Array.isArray(body) ? body.map((r: { body?: Record<string, unknown> }) => r?.body ?? {}) : [((body as { "csp-report"?: Record<string, unknown> })?.["csp-report"] ?? {}) as Record<string, unknown>];
  return items.slice(0, 20).map((r) => ({
    documentUri: sanitizeReportUrl(r["document-uri"] ?? r["documentURL"]),
    blockedUri: sanitizeReportUrl(r["blocked-uri"] ?? r["blockedURL"]),
    directive: typeof (r["effective-directive"] ?? r["effectiveDirective"] ?? r["violated-directive"]) === "string" ? String(r["effective-directive"] ?? r["effectiveDirective"] ?? r["violated-directive"]).slice(0, 60) : null,
  }));
}

/** Logs each distinct violation at most once an hour (policy `csp`); returns how many were logged. */
export async function recordCspReports(body: unknown, log: (line: string) => void = (l) => console.warn(l)): Promise<number> {
  let logged = 0;
  for (const v of parseCspReports(body)) {
    if (!v.directive && !v.blockedUri) continue;
    const key = createHash("sha256").update(JSON.stringify(v)).digest("base64url").slice(0, 24);
    if (!(await getLimiter("csp").limit(key)).success) continue;
    log(`csp violation: ${v.directive ?? "?"} blocked ${v.blockedUri ?? "?"} on ${v.documentUri ?? "?"}`);
    logged++;
  }
  return logged;
}
