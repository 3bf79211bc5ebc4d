import sanitizeHtml from "sanitize-html";

/**
 * The campaign body as stored and sent: what the editor offers (bold, italic, lists, links,
 * paragraphs) and nothing else, whoever posted it. Links keep only an http(s) or mailto href;
 * rel and target go (a mail client decides how to open links, and a stored target would only
 * be something a forged request put there). Scripts and styles vanish with their content.
 */
export function sanitizeNewsletterHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ["p", "br", "b", "strong", "i", "em", "ul", "ol", "li", "a"],
    allowedAttributes: { a: ["href"] },
    allowedSchemes: ["http", "https", "mailto"],
    allowProtocolRelative: false,
  }).trim();
}

/** Whether the sanitised body has any visible text (an editor left empty still yields `<p></p>`). */
export function hasVisibleText(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim().length > 0;
}
