import { db } from "@/lib/core/db/client";
import { LEGAL_PAGES, legalPath, type LegalPageKey } from "@/lib/domains/legal/pages";
import { listedNewsroomWhere } from "@/lib/adapters/public/newsroom-directory";
import {
  categoryPath,
  feedPath,
  getSiteHosts,
  newsroomDirectoryPath,
  newsroomPath,
  PATH_SEGMENTS,
  PORTALS,
  PORTAL_TAGLINES,
  siteOrigin,
  SITE_NAMES,
  type SiteKey,
} from "@/lib/domains/sites";

/** `/llms.txt` per host (llmstxt.org format): URL structure, active categories, newsroom pages; the hub points to both portals. */
export async function llmsTxt(site: SiteKey, now = new Date()): Promise<string> {
  const hosts = getSiteHosts();
  if (site === "hub") {
    return [
      `# ${SITE_NAMES.hub}`,
      "",
      "> Press-release publishing service. Releases are published on two portals, each in German (/de) and English (/en).",
      "",
      "## Portals",
      ...PORTALS.map((p) => `- [${SITE_NAMES[p]}](${siteOrigin(p, hosts)}/llms.txt): ${PORTAL_TAGLINES[p].en}`),
      "",
      ...legalSection(),
      "## API",
      `- [API v1 description (OpenAPI 3.1)](${siteOrigin("hub", hosts)}/api/v1/openapi.json)`,
      "",
    ].join("\n");
  }
  const origin = siteOrigin(site, hosts);
  const [categories, companies] = await Promise.all([
    db.category.findMany({
      where: { portal: site, isActive: true },
      orderBy: [{ position: "asc" }, { slug: "asc" }],
      select: { slug: true, nameDe: true, nameEn: true },
    }),
    db.company.findMany({ where: listedNewsroomWhere(site, null, now), orderBy: { name: "asc" }, select: { slug: true, name: true } }),
  ]);
  return [
    `# ${SITE_NAMES[site]}`,
    "",
    `> ${PORTAL_TAGLINES[site].en}. German edition under /de, English edition under /en.`,
    "",
    "## URL structure",
    `- Release: ${origin}/de/${PATH_SEGMENTS.release.de}/{slug} and ${origin}/en/${PATH_SEGMENTS.release.en}/{slug}`,
    `- Category: ${origin}/{edition}/category/{slug}, archive ${origin}/de/category/{slug}/archiv/{year}, ${origin}/en/category/{slug}/archive/{year}`,
    `- Newsroom: ${origin}/{edition}/newsroom/{slug}; all newsrooms A–Z: ${origin}${newsroomDirectoryPath("de")}, ${origin}${newsroomDirectoryPath("en")}`,
    `- Feeds: ${origin}${feedPath("de")}, ${origin}${feedPath("en")}; sitemaps ${origin}/sitemap.xml, ${origin}/sitemap-news.xml`,
    "",
    "## Categories",
    ...categories.map((c) => `- [${c.nameDe} / ${c.nameEn}](${origin}${categoryPath("de", c.slug)})`),
    "",
    "## Newsrooms",
    `- [Newsroom-Verzeichnis / Newsroom directory](${origin}${newsroomDirectoryPath("de")}): every newsroom A–Z, English edition ${origin}${newsroomDirectoryPath("en")}`,
    ...companies.map((c) => `- [${c.name}](${origin}${newsroomPath("de", c.slug)})`),
    "",
    ...legalSection(),
  ].join("\n");
}

function legalSection(): string[] {
  const hub = siteOrigin("hub", getSiteHosts());
  return [
    "## Legal",
    ...(Object.keys(LEGAL_PAGES) as LegalPageKey[]).map(
      (p) => `- [${LEGAL_PAGES[p].de.title} / ${LEGAL_PAGES[p].en.title}](${hub}${legalPath(p, "de")})`,
    ),
    "",
  ];
}
