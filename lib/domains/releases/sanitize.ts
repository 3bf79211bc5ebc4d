import sanitizeHtml from "sanitize-html";

/**
 * The release body as stored (spec 2.3: sanitised HTML): text structure and links only. No
 * scripts, styles, event handlers, images or foreign markup survive, whoever sent it (form,
 * API, legacy API). Links leave with rel="nofollow noopener".
 */
export function sanitizeReleaseHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "blockquote", "h2", "h3", "h4", "a", "sup", "sub"],
    allowedAttributes: { a: ["href", "title", "rel"] },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "nofollow noopener" }) },
  }).trim();
}
