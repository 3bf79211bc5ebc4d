import type { releasePageData } from "@/lib/adapters/public/release-page";
import type { Edition } from "@/lib/domains/sites";
import { ReleaseArticleView } from "./release-article-view";
import { ShareButtons } from "./share-buttons";

type Data = NonNullable<Awaited<ReturnType<typeof releasePageData>>>;

/** The public release: semantic article markup, no client JavaScript but the share buttons. */
export function ReleaseArticle({ data, edition }: { data: Data; edition: Edition }) {
  const r = data.release;
  const changed = r.contentChangedAt.getTime() > r.publishedAt!.getTime();
  // JSON inside <script>: "<" escaped so text can never close the tag.
  const jsonLd = JSON.stringify(data.jsonLd).replace(/</g, "\\u003c");
  return (
    <ReleaseArticleView
      release={r}
      edition={edition}
      publishedAt={r.publishedAt!}
      changedAt={changed ? r.contentChangedAt : null}
      newsroom={{ name: r.company.name, href: data.newsroomHref }}
      category={data.categoryHref ? { name: data.categoryName ?? "", href: data.categoryHref } : null}
      pictures={data.pictures}
      corrections={data.corrections}
    >
      <ShareButtons slug={r.slug} language={r.language} />
      {/* Counts the view even when a CDN served this page from its cache (no script needed). */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={`/seen/${r.id}`} alt="" width={1} height={1} className="view-beacon" />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
    </ReleaseArticleView>
  );
}
