import type { Metadata } from "next";
import type { ReactNode } from "react";
import { cachedPortalNav, type NavCategory } from "@/lib/adapters/public/portal-nav";
import { readerResponse, renderReaderHtml, type ReaderAnswer } from "@/lib/adapters/public/reader-pages/render";
import { readerStylesheet } from "@/lib/adapters/public/reader-pages/stylesheet";
import { keptByRoute } from "@/lib/adapters/public/stored-answers/route-keeps";
import { withSiteImage } from "@/lib/adapters/public/seo/site-og-image";
import { isEdition, isPortal, searchPath, SITE_NAMES, type Edition, type Portal } from "@/lib/domains/sites";
import { PortalFrame, type PortalFrameProps } from "./portal-frame";
import { ReaderDocument } from "./reader-document";

// Every reader page of the portals is a route handler that renders static markup: HTML and CSS
// only, the same bytes for every reader, no framework runtime (docs/portals.md "Reader pages").

type RouteParams = Record<string, string | string[] | undefined>;

export interface ReaderPageArgs {
  portal: Portal;
  edition: Edition;
  params: RouteParams;
  search: URLSearchParams;
  request: Request;
}

export interface ReaderPage<R> {
  /** The page's data; null answers 404. */
  load(args: ReaderPageArgs): Promise<R | null>;
  metadata(data: R, args: ReaderPageArgs): Metadata;
  body(data: R, args: ReaderPageArgs): ReactNode;
  frame?(data: R, args: ReaderPageArgs): Pick<PortalFrameProps, "current" | "breadcrumbs" | "query">;
  jsonLd?(data: R): unknown;
  /** Loads the share helper (release pages). */
  withScript?: boolean;
  /** How the page answers when not as every reader's 200: a search is the reader's own, one that cannot run a 400 or 429. */
  answer?(data: R): ReaderAnswer;
}

export function readerPage<R>(page: ReaderPage<R>) {
  return (request: Request, ctx: { params: Promise<RouteParams> }): Promise<Response> =>
    keptByRoute(request, (rendered) => renderReaderPage(page, rendered, ctx));
}

async function renderReaderPage<R>(page: ReaderPage<R>, request: Request, ctx: { params: Promise<RouteParams> }): Promise<Response> {
  const params = await ctx.params;
  const { portal, edition } = params;
  if (!isPortal(portal) || !isEdition(edition)) return new Response("Not found", { status: 404 });
  const args: ReaderPageArgs = { portal, edition, params, search: new URL(request.url).searchParams, request };
  const [data, nav] = await Promise.all([page.load(args), cachedPortalNav(portal, edition)]);
  if (data === null) return notFoundPage(portal, edition, nav);
  const html = renderReaderHtml(
    <ReaderDocument
      lang={edition}
      metadata={withSiteImage(page.metadata(data, args), portal, edition)}
      css={readerStylesheet("portal")}
      jsonLd={page.jsonLd?.(data)}
      withScript={page.withScript}
    >
      <PortalFrame portal={portal} edition={edition} nav={nav} {...page.frame?.(data, args)}>
        {page.body(data, args)}
      </PortalFrame>
    </ReaderDocument>,
  );
  return readerResponse(html, page.answer?.(data));
}

const NOT_FOUND = {
  de: { title: "Seite nicht gefunden", text: "Diese Seite gibt es nicht (mehr). Vielleicht hilft die Suche:", home: "Zur Startseite" },
  en: { title: "Page not found", text: "This page does not exist (any more). The search may help:", home: "Go to the home page" },
} as const;

function notFoundPage(portal: Portal, edition: Edition, nav: NavCategory[]): Response {
  const t = NOT_FOUND[edition];
  const html = renderReaderHtml(
    <ReaderDocument
      lang={edition}
      metadata={{ title: `${t.title} – ${SITE_NAMES[portal]}`, robots: { index: false, follow: true } }}
      css={readerStylesheet("portal")}
    >
      <PortalFrame portal={portal} edition={edition} nav={nav}>
        <h1>{t.title}</h1>
        <p>{t.text}</p>
        <form className="search-form" role="search" aria-label={t.title} action={searchPath(edition)} method="get">
          <label htmlFor="not-found-q">{edition === "de" ? "Suchbegriff" : "Search term"}</label>
          <input id="not-found-q" type="search" name="q" maxLength={200} />
          <button type="submit">{edition === "de" ? "Suchen" : "Search"}</button>
        </form>
        <p>
          <a href={`/${edition}`}>{t.home}</a>
        </p>
      </PortalFrame>
    </ReaderDocument>,
  );
  return readerResponse(html, { status: 404 });
}
