import type { releasePageData } from "@/lib/adapters/public/release-page";
import type { Edition } from "@/lib/domains/sites";
import { ReleaseArticleView } from "./release-article-view";
import { ShareButtons } from "./share-buttons";

type Data = NonNullable<Awaited<ReturnType<typeof releasePageData>>>;

/** The public release: semantic article markup; the share buttons are forms (JSON-LD goes into the head). */
export function ReleaseArticle({ data, edition }: { data: Data; edition: Edition }) {
  const r = data.release;
  const changed = r.contentChangedAt.getTime() > r.publishedAt!.getTime();
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
      <ShareButtons slug={r.slug} language={r.language} url={data.url} />
      {/* Counts the view even when a CDN served this page from its cache (no script needed). */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={`/seen/${r.id}`} alt="" width={1} height={1} className="view-beacon" />
    </ReleaseArticleView>
  );
}
