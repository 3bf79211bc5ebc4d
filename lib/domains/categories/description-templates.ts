import { SITE_NAMES, type Portal } from "@/lib/domains/sites";
import { CATEGORY_DESCRIPTION_MAX } from "./category-limits";

// The descriptions `categories:seed-descriptions` writes (spec 4.7): a lead paragraph for each
// category page in German and English, composed from the category's names and its place in the
// tree (portal, parent, active subcategories). Deterministic: the same tree gives the same texts,
// so a second run changes nothing and a dry run shows exactly what a run writes.

export interface DescribedCategory {
  portal: Portal;
  nameDe: string;
  nameEn: string;
  parent: { nameDe: string; nameEn: string } | null;
  /** Active subcategories, in the portal's order. */
  children: { nameDe: string; nameEn: string }[];
}

/** What each portal publishes, as the sentence that closes a top-level category's text. */
const PORTAL_SCOPE: Record<Portal, { de: string; en: string }> = {
  business: { de: "Wirtschaft, Handel und Finanzen", en: "business, trade and finance" },
  tech: { de: "Technik, Forschung und Wissenschaft", en: "technology, research and science" },
};

/** The text with the subcategories named, or without them where a long list would not fit the field. */
function fitted(parts: { head: string; children: string; tail: string }): string {
  const full = `${parts.head}${parts.children}${parts.tail}`;
  return full.length <= CATEGORY_DESCRIPTION_MAX ? full : `${parts.head}${parts.tail}`;
}

/** "A", "A und B", "A, B und C": German and English lists without a serial comma. */
function joinNames(names: string[], and: string): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} ${and} ${names.at(-1)}`;
}

export function describeCategoryDe(c: DescribedCategory): string {
  const portal = SITE_NAMES[c.portal];
  const head = c.parent
    ? `Pressemitteilungen der Kategorie ${c.nameDe}, Teil des Bereichs ${c.parent.nameDe} auf ${portal}: aktuelle Meldungen, Zahlen und Personalien direkt von Unternehmen, Verbänden und Institutionen.`
    : `Pressemitteilungen der Kategorie ${c.nameDe} auf ${portal}: aktuelle Meldungen, Zahlen und Personalien direkt von Unternehmen, Verbänden und Institutionen.`;
  const children = c.children.length
    ? c.children.length === 1
      ? ` Dazu gehört auch die Unterkategorie ${c.children[0]!.nameDe}.`
      : ` Dazu gehören auch die Unterkategorien ${joinNames(
          c.children.map((x) => x.nameDe),
          "und",
        )}.`
    : "";
  const scope = c.parent ? "" : ` ${portal} veröffentlicht Pressemitteilungen aus ${PORTAL_SCOPE[c.portal].de}.`;
  return fitted({ head, children, tail: `${scope} Neue Meldungen gibt es auch als RSS-Feed.` });
}

export function describeCategoryEn(c: DescribedCategory): string {
  const portal = SITE_NAMES[c.portal];
  const head = c.parent
    ? `Press releases in the ${c.nameEn} category, part of ${c.parent.nameEn} on ${portal}: current news, figures and appointments straight from companies, associations and institutions.`
    : `Press releases in the ${c.nameEn} category on ${portal}: current news, figures and appointments straight from companies, associations and institutions.`;
  const children = c.children.length
    ? c.children.length === 1
      ? ` It also covers the subcategory ${c.children[0]!.nameEn}.`
      : ` It also covers the subcategories ${joinNames(
          c.children.map((x) => x.nameEn),
          "and",
        )}.`
    : "";
  const scope = c.parent ? "" : ` ${portal} publishes press releases from ${PORTAL_SCOPE[c.portal].en}.`;
  return fitted({ head, children, tail: `${scope} New releases are also available as an RSS feed.` });
}
