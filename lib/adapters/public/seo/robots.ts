import { getSiteHosts, siteOrigin, PORTALS, type SiteKey } from "@/lib/domains/sites";

/** robots.txt per host: portals list both of their sitemaps; the hub keeps private areas out and points to the portals'. */
export function robotsTxt(site: SiteKey): string {
  const hosts = getSiteHosts();
  if (site === "hub") {
    const sitemaps = PORTALS.flatMap((p) => [
      `Sitemap: ${siteOrigin(p, hosts)}/sitemap.xml`,
      `Sitemap: ${siteOrigin(p, hosts)}/sitemap-news.xml`,
    ]);
    return [
      "User-agent: *",
      "Disallow: /dashboard",
      "Disallow: /admin",
      "Disallow: /login",
      "Disallow: /api/",
      "Allow: /",
      "",
      ...sitemaps,
      "",
    ].join("\n");
  }
  const origin = siteOrigin(site, hosts);
  return [
    "User-agent: *",
    "Disallow: /api/",
    "Disallow: /service/",
    "Allow: /",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    `Sitemap: ${origin}/sitemap-news.xml`,
    "",
  ].join("\n");
}
