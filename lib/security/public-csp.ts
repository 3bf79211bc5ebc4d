import { createHash } from "node:crypto";

/**
 * The Content-Security-Policy of a stored public answer (docs/security.md "Two policies"). A
 * stored page is the same bytes for every reader and may be kept by a shared cache, so its
 * policy holds no per-request value: each inline script it carries is allowed by the hash of its
 * text, every other script must come from our origin (with Subresource Integrity, added by the
 * build), script sinks take no plain strings (Trusted Types), and nothing else runs. An
 * injected script has no matching hash and is blocked.
 */
export function publicPagePolicy(html: string): string {
  const hashes = inlineScriptHashes(html).map((h) => `'${h}'`);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...hashes].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    // DOM sinks (innerHTML, script.src, eval) refuse plain strings: the pages write none.
    "require-trusted-types-for 'script'",
    "report-uri /csp-report",
  ].join("; ");
}

/** Scripts a browser runs: no type, or a JavaScript type; JSON-LD and other data blocks never run. */
const EXECUTABLE_TYPE = /^(|module|text\/javascript|application\/javascript)$/i;
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** `sha256-…` of every distinct inline script, over its text exactly as served (CSP hashes the raw text). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attrs, text] of html.matchAll(SCRIPT)) {
    if (/\ssrc\s*=/i.test(` ${attrs}`)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(` ${attrs}`)?.[1] ?? "";
    if (!EXECUTABLE_TYPE.test(type)) continue;
    hashes.add(`sha256-${createHash("sha256").update(text!, "utf8").digest("base64")}`);
  }
  return [...hashes];
}
