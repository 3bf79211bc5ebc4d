import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { CorrectionLog } from "@/components/portal/correction-log";
import { PortalFrame } from "@/components/portal/portal-frame";
import { correctionLog } from "@/lib/adapters/public/cached-corrections";
import { feedAlternates } from "@/lib/adapters/public/feeds/formats";
import { correctionsFeedPath, correctionsPath } from "@/lib/domains/legal/corrections/paths";
import { isEdition, isPortal, SITE_NAMES } from "@/lib/domains/sites";

type Params = Promise<{ portal: string; edition: string }>;
type Search = Promise<{ page?: string | string[] }>;
const load = cache(correctionLog);

const TEXT = {
  de: {
    title: "Korrekturen",
    intro: (site: string) =>
      `Hier steht jede Korrektur, Änderung und Schwärzung einer Pressemitteilung auf ${site} und jede Pressemitteilung, die wir zurückgezogen haben, mit Datum und Begründung. Korrigierte Pressemitteilungen tragen denselben Hinweis auf ihrer Seite und im Feed.`,
    feed: "Korrekturen als RSS-Feed abonnieren",
    page: "Seite",
    of: "von",
    prev: "Neuere",
    next: "Ältere",
    pages: "Seiten",
  },
  en: {
    title: "Corrections",
    intro: (site: string) =>
      `Every correction, update and redaction of a press release on ${site}, and every press release we withdrew, with its date and reason. Corrected press releases carry the same note on their page and in the feed.`,
    feed: "Follow corrections as an RSS feed",
    page: "Page",
    of: "of",
    prev: "Newer",
    next: "Older",
    pages: "Pages",
  },
} as const;

async function resolve(params: Params, searchParams: Search) {
  const { portal, edition } = await params;
  const q = await searchParams;
  const rawPage = typeof q.page === "string" ? q.page : "1";
  if (!isPortal(portal) || !isEdition(edition) || !/^[1-9]\d{0,5}$/.test(rawPage)) return null;
  const data = await load(portal, edition, Number(rawPage));
  return data ? { portal, edition, data } : null;
}

export async function generateMetadata({ params, searchParams }: { params: Params; searchParams: Search }): Promise<Metadata> {
  const r = await resolve(params, searchParams);
  if (!r) return {};
  const t = TEXT[r.edition];
  const site = SITE_NAMES[r.portal];
  return {
    title: { absolute: `${t.title}${r.data.page > 1 ? ` – ${t.page} ${r.data.page}` : ""} – ${site}` },
    description: t.intro(site),
    alternates: {
      canonical: r.data.canonical,
      ...(r.data.alternates ? { languages: r.data.alternates } : {}),
      types: feedAlternates(correctionsFeedPath(r.edition)),
    },
  };
}

/** The public correction log of a portal edition (spec 4.4), 30 entries a page, newest first. */
export default async function CorrectionsPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const r = await resolve(params, searchParams);
  if (!r) notFound();
  const { data, edition } = r;
  const t = TEXT[edition];
  return (
    <PortalFrame portal={r.portal} edition={edition}>
      <h1>{t.title}</h1>
      <p className="correction-intro">{t.intro(SITE_NAMES[r.portal])}</p>
      <p>
        <a href={correctionsFeedPath(edition)} type="application/rss+xml">
          {t.feed}
        </a>
      </p>
      <CorrectionLog entries={data.entries} edition={edition} />
      {data.totalPages > 1 ? (
        <nav aria-label={t.pages} className="pager">
          {data.page > 1 ? (
            <a href={correctionsPath(edition, data.page - 1)} rel="prev">
              {t.prev}
            </a>
          ) : null}
          <span>
            {t.page} {data.page} {t.of} {data.totalPages}
          </span>
          {data.page < data.totalPages ? (
            <a href={correctionsPath(edition, data.page + 1)} rel="next">
              {t.next}
            </a>
          ) : null}
        </nav>
      ) : null}
    </PortalFrame>
  );
}
