import { readerPage } from "@/components/portal/reader-route";
import { activeCategories } from "@/lib/adapters/api/categories";
import { feedIn } from "@/lib/adapters/public/feeds/formats";
import { correctionsFeedPath, correctionsPath } from "@/lib/domains/legal/corrections/paths";
import { categoryPath, editionAlternates, feedPath, getSiteHosts, newsroomPath, siteOrigin, SITE_NAMES } from "@/lib/domains/sites";

const TEXT = {
  de: {
    title: "RSS-Feeds",
    what: "RSS ist ein offenes Format, mit dem Sie neue Pressemitteilungen in einem Feed-Reader abonnieren, ohne die Seite zu besuchen. Kopieren Sie eine Feed-Adresse in Ihren Reader.",
    main: "Alle Pressemitteilungen",
    categories: "Feeds nach Kategorie",
    newsroom: "Feed eines Newsrooms",
    pattern: "Jeder Newsroom hat einen eigenen Feed unter",
    corrections: "Korrekturen",
    correctionsText: "Korrekturen, Schwärzungen und zurückgezogene Pressemitteilungen stehen im Korrekturprotokoll und in seinem Feed:",
    correctionsLog: "Korrekturprotokoll",
    json: "Jeder Feed steht auch als JSON Feed 1.1 bereit: Hängen Sie an seine Adresse „.json“ an, zum Beispiel",
  },
  en: {
    title: "RSS feeds",
    what: "RSS is an open format for following new press releases in a feed reader without visiting the site. Copy a feed address into your reader.",
    main: "All press releases",
    categories: "Feeds by category",
    newsroom: "A newsroom's feed",
    pattern: "Every newsroom has its own feed at",
    corrections: "Corrections",
    correctionsText: "Corrections, redactions and withdrawn press releases are listed in the correction log and its feed:",
    correctionsLog: "Correction log",
    json: "Every feed is also available as JSON Feed 1.1: add “.json” to its address, for example",
  },
} as const;

/** What RSS is, the main feed, every category feed and the newsroom feed pattern (spec 4.1). */
export const GET = readerPage({
  load: ({ portal }) => activeCategories(portal),
  metadata(_categories, { portal, edition }) {
    const alternates = editionAlternates(portal, "/rss", getSiteHosts());
    return {
      title: { absolute: `${TEXT[edition].title} – ${SITE_NAMES[portal]}` },
      alternates: { canonical: alternates[edition], languages: alternates },
    };
  },
  frame: (_categories, { edition }) => ({ breadcrumbs: [{ label: TEXT[edition].title }] }),
  body(categories, { portal, edition }) {
    const t = TEXT[edition];
    const origin = siteOrigin(portal, getSiteHosts());
    return (
      <>
        <h1>{t.title}</h1>
        <p>{t.what}</p>
        <h2>{t.main}</h2>
        <p>
          <a href={feedPath(edition)} type="application/rss+xml">{`${origin}${feedPath(edition)}`}</a>
        </p>
        <p>
          {t.json}{" "}
          <a href={feedIn("json", feedPath(edition))} type="application/feed+json">{`${origin}${feedIn("json", feedPath(edition))}`}</a>
        </p>
        <h2>{t.categories}</h2>
        <ul>
          {categories.map((c) => (
            <li key={c.slug}>
              <a href={`${categoryPath(edition, c.slug)}/feed`} type="application/rss+xml">
                {edition === "de" ? c.name_de : c.name_en}
              </a>
            </li>
          ))}
        </ul>
        <h2>{t.newsroom}</h2>
        <p>
          {t.pattern} <code>{`${origin}${newsroomPath(edition, "{newsroom}")}/feed`.replace("%7Bnewsroom%7D", "{newsroom}")}</code>
        </p>
        <h2>{t.corrections}</h2>
        <p>
          {t.correctionsText}{" "}
          <a href={correctionsFeedPath(edition)} type="application/rss+xml">{`${origin}${correctionsFeedPath(edition)}`}</a> (
          <a href={correctionsPath(edition)}>{t.correctionsLog}</a>)
        </p>
      </>
    );
  },
});
