import { textWithoutMarkup } from "@/lib/releases/content-hash";
import { escapeHtml } from "@/lib/mail/escape-html";

// The dashboard edits the body as plain text, one paragraph per line; the release stores
// sanitised HTML. Escaping every character that HTML gives meaning keeps the conversion safe.


export function plainTextToHtml(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join("\n");
}

/** Stored HTML back to the form's plain text: one paragraph per line. */
export function htmlToPlainText(html: string): string {
  return textWithoutMarkup(html);
}
