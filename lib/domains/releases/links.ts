import { textWithoutMarkup } from "./content-hash";

export interface ReleaseLink {
  /** What a reader sees. */
  text: string;
  /** Where it leads. */
  href: string;
}

const LINK = /<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi;

/** The links of a stored (sanitised, so well-formed) release body, in order. */
export function linksOf(html: string): ReleaseLink[] {
  return [...html.matchAll(LINK)].map(([, href = "", text = ""]) => ({
    href: href.replace(/&amp;/g, "&"),
    text: textWithoutMarkup(text).trim(),
  }));
}
