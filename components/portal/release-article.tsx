import type { releasePageData } from "@/lib/public/release-page";
import type { Edition } from "@/lib/sites";
import { ShareButtons } from "./share-buttons";

type Data = NonNullable<Awaited<ReturnType<typeof releasePageData>>>;

const LABELS = {
  de: { published: "Veröffentlicht", updated: "aktualisiert", by: "Newsroom", category: "Kategorie", contact: "Pressekontakt" },
  en: { published: "Published", updated: "updated", by: "Newsroom", category: "Category", contact: "Press contact" },
} as const;

/** The public release: semantic article markup, no client JavaScript. */
export function ReleaseArticle({ data, edition }: { data: Data; edition: Edition }) {
  const t = LABELS[edition];
  const r = data.release;
  const fmt = new Intl.DateTimeFormat(edition === "de" ? "de-DE" : "en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Berlin" });
  const changed = r.contentChangedAt.getTime() > r.publishedAt!.getTime();
  // JSON inside <script>: "<" escaped so text can never close the tag.
  const jsonLd = JSON.stringify(data.jsonLd).replace(/</g, "\\u003c");
  return (
    <article className="release">
      <header>
        <h1>{r.title}</h1>
        <p className="meta">
          {t.published} <time dateTime={r.publishedAt!.toISOString()}>{fmt.format(r.publishedAt!)}</time>
          {changed ? (
            <>
              {" "}· {t.updated} <time dateTime={r.contentChangedAt.toISOString()}>{fmt.format(r.contentChangedAt)}</time>
            </>
          ) : null}
          {" "}· {t.by}: <a href={data.newsroomHref}>{r.company.name}</a>
          {data.categoryHref ? (
            <>
              {" "}· {t.category}: <a href={data.categoryHref}>{data.categoryName}</a>
            </>
          ) : null}
        </p>
        {r.lead ? <p className="lead">{r.lead}</p> : null}
      </header>
      <div className="release-body">
        {r.location ? <strong>{r.location}. </strong> : null}
        {/* Stored sanitised (lib/releases/sanitize.ts). */}
        <div dangerouslySetInnerHTML={{ __html: r.body }} />
      </div>
      {r.contactName || r.contactEmail ? (
        <footer className="release-contact">
          <h2>{t.contact}</h2>
          <p>
            {r.contactName}
            {r.contactEmail ? (
              <>
                <br />
                <a href={`mailto:${r.contactEmail}`}>{r.contactEmail}</a>
              </>
            ) : null}
            {r.contactPhone ? (
              <>
                <br />
                {r.contactPhone}
              </>
            ) : null}
          </p>
        </footer>
      ) : null}
      <ShareButtons slug={r.slug} language={r.language} />
      {/* Counts the view even when a CDN served this page from its cache (no script needed). */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={`/seen/${r.id}`} alt="" width={1} height={1} className="view-beacon" />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
    </article>
  );
}
