import { createHash } from "node:crypto";

/**
 * The Content-Security-Policy of a stored public answer (docs/portals.md "two policies"). A
 * stored page is the same bytes for every reader and may be kept by a shared cache, so its
 * policy holds no per-request value: each inline script Next wrote is allowed by the hash of its
 * text, every other script must come from our origin (with Subresource Integrity, added by the
 * build), script sinks take no plain strings (Trusted Types), and nothing else runs. A script
 * that came in with content (Next did not write it, so it lacks the render's nonce) has no hash
 * and is blocked.
 */
export function publicPagePolicy(html: string, renderNonce: string | null): string {
  const hashes = inlineScriptHashes(html, renderNonce).map((h) => `'${h}'`);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...hashes].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    // The share forms send the reader on to the network they share to; form-action follows redirects.
    "form-action 'self' https://www.linkedin.com https://x.com mailto:",
    "frame-ancestors 'self'",
    // DOM sinks (innerHTML, script.src, eval) refuse plain strings: the pages write none.
    "require-trusted-types-for 'script'",
    "report-uri /csp-report",
  ].join("; ");
}

/** Feeds, sitemaps and text files: nothing in them may run or load, should a browser open one. */
export const STORED_FILE_POLICY = "default-src 'none'; sandbox";

/** Scripts a browser runs: no type, or a JavaScript type; JSON-LD and other data blocks never run. */
const EXECUTABLE_TYPE = /^(|module|text\/javascript|application\/javascript)$/i;
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const attr = (attrs: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, "i").exec(` ${attrs}`);

/**
 * `sha256-…` of every distinct inline script that carries `renderNonce` (null: every inline
 * script, for pages we write ourselves), over its text exactly as served (CSP hashes the raw text).
 */
export function inlineScriptHashes(html: string, renderNonce: string | null): string[] {
  const hashes = new Set<string>();
  for (const [, attrs, text] of html.matchAll(SCRIPT)) {
    if (attr(attrs!, "src")) continue;
    const type = attr(attrs!, "type");
    if (!EXECUTABLE_TYPE.test(type?.[1] ?? type?.[2] ?? type?.[3] ?? "")) continue;
    if (renderNonce !== null) {
      const nonce = attr(attrs!, "nonce");
      if ((nonce?.[1] ?? nonce?.[2] ?? nonce?.[3]) !== renderNonce) continue;
    }
    // Hashed as it will be served: without the render's nonce (withoutNonce), which Next also
    // writes into its inline data.
    const served = renderNonce === null ? text! : text!.replaceAll(renderNonce, "");
    hashes.add(`sha256-${createHash("sha256").update(served, "utf8").digest("base64")}`);
  }
  return [...hashes];
}

/**
 * The bytes (or a header such as Link) without the render's nonce: not as an attribute, not in
 * the inline data Next writes it into. A stored page carries no per-render value.
 */
export function withoutNonce(text: string, renderNonce: string): string {
  return text.replaceAll(`; nonce="${renderNonce}"`, "").replaceAll(` nonce="${renderNonce}"`, "").replaceAll(renderNonce, "");
}
