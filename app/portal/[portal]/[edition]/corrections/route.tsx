import { CorrectionLog } from "@/components/portal/correction-log";
import { Pager } from "@/components/portal/pager";
import { readerPage } from "@/components/portal/reader-route";
import { correctionLog } from "@/lib/adapters/public/cached-corrections";
import { feedAlternates } from "@/lib/adapters/public/feeds/formats";
import { readPageParam } from "@/lib/adapters/public/reader-pages/page-param";
import { correctionsFeedPath, correctionsPath } from "@/lib/domains/legal/corrections/paths";
import { SITE_NAMES } from "@/lib/domains/sites";

const TEXT = {
  de: {
    title: "Korrekturen",
    intro: (site: string) =>
      `Hier steht jede Korrektur, Änderung und Schwärzung einer Pressemitteilung auf ${site} und jede Pressemitteilung, die wir zurückgezogen haben, mit Datum und Begründung. Korrigierte Pressemitteilungen tragen denselben Hinweis auf ihrer Seite und im Feed.`,
    feed: "Korrekturen als RSS-Feed abonnieren",
    page: "Seite",
  },
  en: {
    title: "Corrections",
    intro: (site: string) =>
      `Every correction, update and redaction of a press release on ${site}, and every press release we withdrew, with its date and reason. Corrected press releases carry the same note on their page and in the feed.`,
    feed: "Follow corrections as an RSS feed",
    page: "Page",
  },
} as const;

/** The public correction log of a portal edition (spec 4.4), 30 entries a page, newest first. */
export const GET = readerPage({
  load({ portal, edition, search }) {
    const page = readPageParam(search, 999_999);
    return page === null ? Promise.resolve(null) : correctionLog(portal, edition, page);
  },
  metadata(data, { portal, edition }) {
    const t = TEXT[edition];
    const site = SITE_NAMES[portal];
    return {
      title: { absolute: `${t.title}${data.page > 1 ? ` – ${t.page} ${data.page}` : ""} – ${site}` },
      description: t.intro(site),
      alternates: {
        canonical: data.canonical,
        ...(data.alternates ? { languages: data.alternates } : {}),
        types: feedAlternates(correctionsFeedPath(edition)),
      },
    };
  },
  frame: (_data, { edition }) => ({ breadcrumbs: [{ label: TEXT[edition].title }] }),
  body(data, { portal, edition }) {
    const t = TEXT[edition];
    return (
      <>
        <h1>{t.title}</h1>
        <p className="correction-intro">{t.intro(SITE_NAMES[portal])}</p>
        <p>
          <a href={correctionsFeedPath(edition)} type="application/rss+xml">
            {t.feed}
          </a>
        </p>
        <CorrectionLog entries={data.entries} edition={edition} />
        <Pager
          page={data.page}
          hasNext={data.page < data.totalPages}
          total={data.totalPages}
          href={(page) => correctionsPath(edition, page)}
          edition={edition}
        />
      </>
    );
  },
});
