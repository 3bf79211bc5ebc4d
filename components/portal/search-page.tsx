import { portalSearchPage, type PortalSearchPage } from "@/lib/adapters/public/reader-pages/portal-search";
import { searchHref, type SearchQuery } from "@/lib/adapters/public/reader-pages/search-query";
import { getSiteHosts, PATH_SEGMENTS, siteOrigin, releasePath, searchPath, SITE_NAMES, type Edition } from "@/lib/domains/sites";
import { Pager } from "./pager";
import { readerPage } from "./reader-route";
import { editionDate } from "@/lib/domains/sites/edition-dates";

const TEXT = {
  de: {
    title: "Suche",
    intro: "Durchsuchen Sie alle Pressemitteilungen dieser Ausgabe: Titel, Vorspann, Newsroom und Text.",
    words: "Suchbegriffe",
    hint: "„Wörter in Anführungszeichen“ suchen eine Wortfolge, -wort schließt aus, or verbindet.",
    category: "Kategorie",
    anyCategory: "Alle Kategorien",
    from: "Veröffentlicht ab",
    until: "Veröffentlicht bis",
    sort: "Sortierung",
    byRank: "Relevanz",
    byDate: "Neueste zuerst",
    submit: "Suchen",
    results: "Ergebnisse",
    found: (n: number, capped: boolean) =>
      `${capped ? "Mehr als " : ""}${n.toLocaleString("de-DE")} ${n === 1 && !capped ? "Treffer" : "Treffer"}`,
    none: "Keine Pressemitteilung gefunden. Versuchen Sie andere oder weniger Wörter.",
    start: "Geben Sie einen Suchbegriff ein oder wählen Sie eine Kategorie.",
    newsroom: (n: string) => `Nur Meldungen von ${n}`,
    removeNewsroom: "Filter entfernen",
    by: "von",
    problems: {
      too_long: "Die Suchbegriffe sind zu lang (höchstens 200 Zeichen).",
      bad_date: "Bitte geben Sie gültige Daten an (das Ende nicht vor dem Anfang).",
      bad_page: "Diese Seite der Ergebnisse gibt es nicht.",
      repeated: "Jeder Suchparameter darf nur einmal vorkommen.",
      unusable: "Diese Suchbegriffe können nicht verwendet werden.",
      unknown_filter: "Diese Kategorie oder diesen Newsroom gibt es hier nicht.",
      throttled: "Zu viele Suchen in kurzer Zeit. Bitte versuchen Sie es in einer Minute erneut.",
    },
  },
  en: {
    title: "Search",
    intro: "Search every press release of this edition: title, lead, newsroom and text.",
    words: "Search words",
    hint: '"Words in quotes" find a phrase, -word excludes, or combines.',
    category: "Category",
    anyCategory: "All categories",
    from: "Published from",
    until: "Published until",
    sort: "Order",
    byRank: "Relevance",
    byDate: "Newest first",
    submit: "Search",
    results: "Results",
    found: (n: number, capped: boolean) =>
      `${capped ? "More than " : ""}${n.toLocaleString("en-GB")} ${n === 1 && !capped ? "result" : "results"}`,
    none: "No press release found. Try other or fewer words.",
    start: "Enter a search word or choose a category.",
    newsroom: (n: string) => `Only releases by ${n}`,
    removeNewsroom: "Remove filter",
    by: "by",
    problems: {
      too_long: "The search words are too long (at most 200 characters).",
      bad_date: "Please give valid dates (the end not before the start).",
      bad_page: "This page of results does not exist.",
      repeated: "Each search parameter may appear only once.",
      unusable: "These search words cannot be used.",
      unknown_filter: "There is no such category or newsroom here.",
      throttled: "Too many searches in a short time. Please try again in a minute.",
    },
  },
} as const;

const EMPTY: SearchQuery = { q: "", category: null, newsroom: null, fromDay: "", untilDay: "", order: "rank", page: 1 };

/** The search page of one edition's path segment (`suche` or `search`). */
export function searchPage(segment: string) {
  return readerPage<PortalSearchPage>({
    load: ({ portal, edition, search, request }) =>
      PATH_SEGMENTS.search[edition] === segment ? portalSearchPage(portal, edition, search, request) : Promise.resolve(null),
    metadata(data, { portal, edition }) {
      const query = data.query;
      return {
        title: { absolute: `${query?.q ? `${query.q} – ` : ""}${TEXT[edition].title} – ${SITE_NAMES[portal]}` },
        description: TEXT[edition].intro,
        // Result pages are for readers, not for an index; the empty form is the edition's search page.
        ...(data.kind === "refused" || data.result ? { robots: { index: false, follow: true } } : {}),
        ...(data.kind === "results" && !data.result
          ? { alternates: { canonical: `${siteOrigin(portal, getSiteHosts())}${searchPath(edition)}` } }
          : {}),
      };
    },
    // The reader's own answer; a search that cannot run says so with its status.
    answer: (data) =>
      data.kind !== "refused"
        ? { caching: "private" }
        : data.problem === "throttled"
          ? { status: 429, headers: { "retry-after": "60" } }
          : { status: 400 },
    frame: (data, { edition }) => ({ current: { search: true }, breadcrumbs: [{ label: TEXT[edition].title }], query: data.query?.q }),
    body: (data, { edition }) => <SearchBody data={data} edition={edition} />,
  });
}

function SearchBody({ data, edition }: { data: PortalSearchPage; edition: Edition }) {
  const t = TEXT[edition];
  const query = data.query ?? EMPTY;
  const base = searchPath(edition);
  return (
    <>
      <h1>{t.title}</h1>
      <p className="lead">{t.intro}</p>
      <form className="search-page-form" role="search" aria-label={t.title} action={base} method="get">
        <label className="search-words">
          {t.words}
          <input type="search" name="q" defaultValue={query.q} maxLength={200} aria-describedby="search-hint" />
        </label>
        <p id="search-hint" className="meta search-words">
          {t.hint}
        </p>
        <label>
          {t.category}
          <select name="category" defaultValue={query.category ?? ""}>
            <option value="">{t.anyCategory}</option>
            {data.categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.sub ? `– ${c.name}` : c.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.from}
          <input type="date" name="from" defaultValue={query.fromDay} />
        </label>
        <label>
          {t.until}
          <input type="date" name="until" defaultValue={query.untilDay} />
        </label>
        <label>
          {t.sort}
          <select name="sort" defaultValue={query.order === "newest" ? "date" : "relevance"}>
            <option value="relevance">{t.byRank}</option>
            <option value="date">{t.byDate}</option>
          </select>
        </label>
        {query.newsroom ? <input type="hidden" name="newsroom" value={query.newsroom} /> : null}
        <button type="submit">{t.submit}</button>
      </form>
      {data.kind === "refused" ? (
        <p className="search-problem" role="alert">
          {t.problems[data.problem]}
        </p>
      ) : (
        <Results data={data} query={query} base={base} edition={edition} />
      )}
    </>
  );
}

function Results({
  data,
  query,
  base,
  edition,
}: {
  data: Extract<PortalSearchPage, { kind: "results" }>;
  query: SearchQuery;
  base: string;
  edition: Edition;
}) {
  const t = TEXT[edition];
  const dateFormat = editionDate(edition);
  if (!data.result) return <p className="empty">{t.start}</p>;
  const { result } = data;
  return (
    <section aria-labelledby="search-results-heading">
      <h2 id="search-results-heading">
        {t.results}: {t.found(result.total, result.capped)}
      </h2>
      {data.newsroomName ? (
        <p className="meta">
          {t.newsroom(data.newsroomName)} · <a href={searchHref(base, query, { newsroom: null, page: null })}>{t.removeNewsroom}</a>
        </p>
      ) : null}
      {result.items.length ? (
        <ol className="search-results">
          {result.items.map((item) => (
            <li key={item.id}>
              <article>
                <h3>
                  <a href={releasePath({ language: edition, slug: item.slug })}>{item.title}</a>
                </h3>
                <p className="meta">
                  <time dateTime={item.publishedAt.toISOString()}>{dateFormat.format(item.publishedAt)}</time> · {t.by} {item.companyName}
                  {item.categoryName ? ` · ${item.categoryName}` : null}
                </p>
                <p>{item.segments.map((s, i) => (s.hit ? <mark key={i}>{s.text}</mark> : <span key={i}>{s.text}</span>))}</p>
              </article>
            </li>
          ))}
        </ol>
      ) : (
        <p className="empty">{t.none}</p>
      )}
      <Pager
        page={result.page}
        hasNext={result.page < result.pageCount}
        total={result.pageCount || undefined}
        href={(page) => searchHref(base, query, { page: String(page) })}
        edition={edition}
      />
    </section>
  );
}
