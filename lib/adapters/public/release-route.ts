import type { Metadata } from "next";
import { SITE_NAMES, type Edition, type Portal } from "@/lib/domains/sites";
import type { releasePageData } from "./release-page";

type ReleasePage = NonNullable<Awaited<ReturnType<typeof releasePageData>>>;

/** Title, description, canonical, Open Graph and the large-image card of a release page. */
export function releaseMetadata(data: ReleasePage, portal: Portal, edition: Edition): Metadata {
  const r = data.release;
  // The cover's og variant (1200×630, credit burned in); no image tags without one.
  const images = data.ogImage ? [data.ogImage] : undefined;
  return {
    title: { absolute: `${r.title} – ${SITE_NAMES[portal]}` },
    description: data.description,
    // A release exists in one language: its only alternate is itself.
    alternates: { canonical: data.canonicalUrl, languages: { [edition]: data.url } },
    openGraph: {
      type: "article",
      url: data.url,
      title: r.title,
      description: data.description,
      siteName: SITE_NAMES[portal],
      locale: edition === "de" ? "de_DE" : "en_GB",
      publishedTime: r.publishedAt!.toISOString(),
      modifiedTime: r.contentChangedAt.toISOString(),
      authors: [r.company.name],
      ...(images ? { images } : {}),
    },
    ...(images ? { twitter: { card: "summary_large_image", title: r.title, description: data.description, images } } : {}),
  };
}
