// Pure (no Node built-ins): the dashboard's form counts the body's characters in the browser
// with the same function the server's rules and content_hash use.

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
