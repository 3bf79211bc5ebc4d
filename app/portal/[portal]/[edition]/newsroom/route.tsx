import { NewsroomDirectoryList, NewsroomDirectoryPager } from "@/components/portal/newsroom-directory";
import { NewsroomDirectoryFilter } from "@/components/portal/newsroom-directory-filter";
import { DIRECTORY_TEXT } from "@/components/portal/newsroom-directory-text";
import { readerPage } from "@/components/portal/reader-route";
import { newsroomDirectoryPage } from "@/lib/adapters/public/cached-reads";
import { parseDirectoryQuery } from "@/lib/adapters/public/newsroom-directory";
import { searchRecord } from "@/lib/adapters/public/reader-pages/page-param";
import { SITE_NAMES } from "@/lib/domains/sites";

// The newsroom directory of an edition: `/de/newsroom`, `/en/newsroom` (?letter=, ?q=, ?page=).
export const GET = readerPage({
  load({ portal, edition, search }) {
    const query = parseDirectoryQuery(searchRecord(search));
    return query ? newsroomDirectoryPage(portal, edition, query) : Promise.resolve(null);
  },
  metadata(data, { portal, edition }) {
    const t = DIRECTORY_TEXT[edition];
    const letter = data.letter ? `: ${data.letter === "0-9" ? "0–9" : data.letter}` : "";
    const page = data.page > 1 ? ` – ${t.page} ${data.page}` : "";
    return {
      title: { absolute: `${t.title}${letter}${page} – ${SITE_NAMES[portal]}` },
      description: t.description(SITE_NAMES[portal]),
      alternates: { canonical: data.canonical, ...(data.alternates ? { languages: data.alternates } : {}) },
      // Search results are for readers, not for an index.
      ...(data.q ? { robots: { index: false, follow: true } } : {}),
    };
  },
  frame: (data, { edition }) => ({ current: { newsrooms: true }, breadcrumbs: [{ label: DIRECTORY_TEXT[edition].title }] }),
  // A name search is the reader's own; the letters and pages are the same for all.
  answer: (data) => ({ caching: data.q ? "private" : "public" }),
  body(data, { portal, edition }) {
    const t = DIRECTORY_TEXT[edition];
    return (
      <>
        <h1>{t.title}</h1>
        <p className="lead">{t.description(SITE_NAMES[portal])}</p>
        <NewsroomDirectoryFilter directory={data} edition={edition} />
        <p className="meta">{data.q ? t.found(data.total, data.q) : t.count(data.total)}</p>
        <NewsroomDirectoryList directory={data} edition={edition} />
        <NewsroomDirectoryPager directory={data} edition={edition} />
      </>
    );
  },
});
