import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { NewsroomDirectoryList, NewsroomDirectoryPager } from "@/components/portal/newsroom-directory";
import { NewsroomDirectoryFilter } from "@/components/portal/newsroom-directory-filter";
import { DIRECTORY_TEXT } from "@/components/portal/newsroom-directory-text";
import { PortalFrame } from "@/components/portal/portal-frame";
import { newsroomDirectoryPage } from "@/lib/adapters/public/cached-reads";
import { parseDirectoryQuery } from "@/lib/adapters/public/newsroom-directory";
import { isEdition, isPortal, SITE_NAMES } from "@/lib/domains/sites";

// The newsroom directory of an edition: `/de/newsroom`, `/en/newsroom` (?letter=, ?q=, ?page=).
type Params = Promise<{ portal: string; edition: string }>;
type Search = Promise<{ letter?: string | string[]; q?: string | string[]; page?: string | string[] }>;

const load = cache(newsroomDirectoryPage);

async function resolve(params: Params, searchParams: Search) {
  const p = await params;
  const query = parseDirectoryQuery(await searchParams);
  if (!isPortal(p.portal) || !isEdition(p.edition) || !query) return null;
  const data = await load(p.portal, p.edition, query);
  return data ? { portal: p.portal, edition: p.edition, data } : null;
}

export async function generateMetadata({ params, searchParams }: { params: Params; searchParams: Search }): Promise<Metadata> {
  const r = await resolve(params, searchParams);
  if (!r) return {};
  const t = DIRECTORY_TEXT[r.edition];
  const { data } = r;
  const letter = data.letter ? `: ${data.letter === "0-9" ? "0–9" : data.letter}` : "";
  const page = data.page > 1 ? ` – ${t.page} ${data.page}` : "";
  return {
    title: { absolute: `${t.title}${letter}${page} – ${SITE_NAMES[r.portal]}` },
    description: t.description(SITE_NAMES[r.portal]),
    alternates: { canonical: data.canonical, ...(data.alternates ? { languages: data.alternates } : {}) },
    // Search results are for readers, not for an index.
    ...(data.q ? { robots: { index: false, follow: true } } : {}),
  };
}

export default async function NewsroomDirectoryPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const r = await resolve(params, searchParams);
  if (!r) notFound();
  const { data, edition } = r;
  const t = DIRECTORY_TEXT[edition];
  return (
    <PortalFrame portal={r.portal} edition={edition} current="newsrooms">
      <h1>{t.title}</h1>
      <p className="lead">{t.description(SITE_NAMES[r.portal])}</p>
      <NewsroomDirectoryFilter directory={data} edition={edition} />
      <p className="meta">{data.q ? t.found(data.total, data.q) : t.count(data.total)}</p>
      <NewsroomDirectoryList directory={data} edition={edition} />
      <NewsroomDirectoryPager directory={data} edition={edition} />
    </PortalFrame>
  );
}
