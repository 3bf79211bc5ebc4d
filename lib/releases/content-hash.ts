import { createHash } from "node:crypto";

/** Text of an HTML fragment without markup, entities decoded, whitespace collapsed. */
export function textWithoutMarkup(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6]|blockquote)>/gi, "\n")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/[ \t\f\v\r]+/g, " ")
    .replace(/ *\n[\s]*/g, "\n")
    .trim();
}

/** content_hash: SHA-256 over the title plus the text without markup (spec 2.3). */
export function contentHash(title: string, bodyHtml: string): string {
  return createHash("sha256").update(`${title.trim()}\n${textWithoutMarkup(bodyHtml)}`).digest("hex");
}
