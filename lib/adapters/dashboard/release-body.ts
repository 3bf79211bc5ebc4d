// The release body as the editor hands it over: TipTap's HTML without the empty paragraphs a
// second Enter leaves behind (the portal would print them as gaps); an empty editor is "".
// Pure, bundled into the form. The server sanitises whatever arrives (lib/domains/releases/sanitize.ts).

const EMPTY_PARAGRAPH = /<p>(?:\s|&nbsp;|\u00a0|<br\s*\/?>)*<\/p>/g;

export function bodyFromEditorHtml(html: string): string {
  return html.replace(EMPTY_PARAGRAPH, "").trim();
}
