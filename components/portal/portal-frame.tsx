import type { ReactNode } from "react";
import { LegalLinks } from "@/components/ui/legal-links";
import type { NavCategory } from "@/lib/adapters/public/portal-nav";
import { correctionsPath } from "@/lib/domains/legal/corrections/paths";
import {
  categoryPath,
  feedPath,
  hubUrl,
  newsroomDirectoryPath,
  PORTAL_TAGLINES,
  searchPath,
  SITE_NAMES,
  type Edition,
  type Portal,
} from "@/lib/domains/sites";

const TEXT = {
  de: {
    skip: "Zum Inhalt springen",
    menu: "Rubriken",
    categories: "Rubriken",
    newsrooms: "Newsrooms",
    search: "Suchen",
    searchLabel: "Pressemitteilungen durchsuchen",
    searchPlaceholder: "Suchbegriff",
    language: "Sprache",
    breadcrumbs: "Sie sind hier",
    home: "Startseite",
    corrections: "Korrekturen",
    feeds: "RSS-Feeds",
    publish: "Für Pressestellen: Pressemitteilung veröffentlichen",
    footerNav: "Portal",
  },
  en: {
    skip: "Skip to content",
    menu: "Sections",
    categories: "Sections",
    newsrooms: "Newsrooms",
    search: "Search",
    searchLabel: "Search press releases",
    searchPlaceholder: "Search term",
    language: "Language",
    breadcrumbs: "You are here",
    home: "Home",
    corrections: "Corrections",
    feeds: "RSS feeds",
    publish: "For press offices: publish a press release",
    footerNav: "Portal",
  },
} as const;

export interface Crumb {
  label: string;
  href?: string;
}

export interface PortalFrameProps {
  portal: Portal;
  edition: Edition;
  /** The portal's main categories (lib/adapters/public/portal-nav.ts). */
  nav: NavCategory[];
  /** The section the page belongs to, marked in the navigation. */
  current?: { newsrooms: true } | { category: string } | { search: true };
  breadcrumbs?: Crumb[];
  /** The words of a search, kept in the header's field. */
  query?: string;
  children: ReactNode;
}

/**
 * Header (brand, search, edition switch, the main categories), main and footer of every reader
 * page. Works without JavaScript: the category menu of narrow screens is a details element.
 */
export function PortalFrame({ portal, edition, nav, current, breadcrumbs, query, children }: PortalFrameProps) {
  const t = TEXT[edition];
  const currentCategory = current && "category" in current ? current.category : null;
  return (
    <>
      <a className="skip-link" href="#main">
        {t.skip}
      </a>
      <header className="portal-header">
        <div className="wrap portal-bar">
          <a className="brand" href={`/${edition}`}>
            {SITE_NAMES[portal]}
            <small>{PORTAL_TAGLINES[portal][edition]}</small>
          </a>
          <form className="portal-search" role="search" aria-label={t.searchLabel} action={searchPath(edition)} method="get">
            <label className="visually-hidden" htmlFor="portal-search-q">
              {t.searchLabel}
            </label>
            <input id="portal-search-q" type="search" name="q" defaultValue={query} placeholder={t.searchPlaceholder} maxLength={200} />
            <button type="submit">{t.search}</button>
          </form>
          <nav aria-label={t.language} className="edition-switch">
            <a href="/de" hrefLang="de" lang="de" aria-current={edition === "de" ? "true" : undefined}>
              DE
            </a>
            <a href="/en" hrefLang="en" lang="en" aria-current={edition === "en" ? "true" : undefined}>
              EN
            </a>
          </nav>
        </div>
        <nav aria-label={t.categories} className="portal-nav">
          <details className="wrap portal-menu">
            <summary>{t.menu}</summary>
            <ul>
              {nav.map((c) => (
                <li key={c.slug}>
                  <a href={categoryPath(edition, c.slug)} aria-current={currentCategory === c.slug ? "page" : undefined}>
                    {c.name}
                  </a>
                </li>
              ))}
              <li>
                <a href={newsroomDirectoryPath(edition)} aria-current={current && "newsrooms" in current ? "page" : undefined}>
                  {t.newsrooms}
                </a>
              </li>
            </ul>
          </details>
        </nav>
      </header>
      <main id="main" className="wrap">
        {breadcrumbs?.length ? <Breadcrumbs crumbs={breadcrumbs} edition={edition} /> : null}
        {children}
      </main>
      <footer className="portal-footer">
        <div className="wrap portal-footer-grid">
          <nav aria-label={t.footerNav}>
            <p className="portal-footer-brand">{SITE_NAMES[portal]}</p>
            <ul>
              <li>
                <a href={newsroomDirectoryPath(edition)}>{t.newsrooms}</a>
              </li>
              <li>
                <a href={`/${edition}/rss`}>{t.feeds}</a>
              </li>
              <li>
                <a href={feedPath(edition)} type="application/rss+xml">
                  RSS
                </a>
              </li>
              <li>
                <a href={correctionsPath(edition)}>{t.corrections}</a>
              </li>
            </ul>
          </nav>
          <div>
            <p>
              <a href={hubUrl(edition === "de" ? "/" : "/en")}>{t.publish}</a>
            </p>
            <LegalLinks edition={edition} />
            <p className="meta">© {SITE_NAMES[portal]}</p>
          </div>
        </div>
      </footer>
    </>
  );
}

function Breadcrumbs({ crumbs, edition }: { crumbs: Crumb[]; edition: Edition }) {
  const t = TEXT[edition];
  const all: Crumb[] = [{ label: t.home, href: `/${edition}` }, ...crumbs];
  return (
    <nav aria-label={t.breadcrumbs} className="breadcrumbs">
      <ol>
        {all.map((c, i) => (
          <li key={`${i}:${c.label}`}>
            {c.href && i < all.length - 1 ? <a href={c.href}>{c.label}</a> : <span aria-current="page">{c.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
