import { escapeHtml } from "./escape-html";

/**
 * A mail of plain paragraphs with an optional link after the first one, as text and as escaped
 * HTML: the shape of the account mails (sign-in link, address change).
 */
export function paragraphMail(subject: string, paragraphs: string[], link?: { url: string; label: string }) {
  const text = [...paragraphs.slice(0, 1), ...(link ? ["", link.url] : []), ...paragraphs.slice(1).flatMap((p) => ["", p])].join("\n");
  const html = [
    `<p>${escapeHtml(paragraphs[0] ?? "")}</p>`,
    link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : "",
    ...paragraphs.slice(1).map((p) => `<p>${escapeHtml(p)}</p>`),
  ].join("");
  return { subject, text, html };
}
