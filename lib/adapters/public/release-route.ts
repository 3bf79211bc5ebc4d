import type { Metadata } from "next";
import { decodePathSegment } from "@/lib/core/input/path-segment";
import { isEdition, isPortal, PATH_SEGMENTS, SITE_NAMES, type Edition, type Portal } from "@/lib/domains/sites";
import { releasePageData } from "./release-page";

export type ReleaseRouteParams = Promise<{ portal: string; edition: string; slug: string }>;

/** Valid only when the path segment belongs to the edition (`/de/pressemitteilung`, `/en/press-release`). */
export async function releaseRouteParams(
  params: ReleaseRouteParams,
  segment: string,
): Promise<{ portal: Portal; edition: Edition; slug: string } | null> {
  const p = await params;
  const slug = decodePathSegment(p.slug);
  if (!isPortal(p.portal) || !isEdition(p.edition) || PATH_SEGMENTS.release[p.edition] !== segment || slug === null) return null;
  return { portal: p.portal, edition: p.edition, slug };
}

export async function releaseMetadata(params: ReleaseRouteParams, segment: string, load = releasePageData): Promise<Metadata> {
  const p = await releaseRouteParams(params, segment);
  const data = p ? await load(p.portal, p.edition, p.slug) : null;
  if (!p || !data) return {};
  const r = data.release;
  // The cover's og variant (1200×630, credit burned in); no image tags without one.
  const images = data.ogImage ? [data.ogImage] : undefined;
  return {
    title: { absolute: `${r.title} – ${SITE_NAMES[p.portal]}` },
    description: data.description,
    // A release exists in one language: its only alternate is itself.
    alternates: { canonical: data.canonicalUrl, languages: { [p.edition]: data.url } },
    openGraph: {
      type: "article",
      url: data.url,
      title: r.title,
      description: data.description,
      siteName: SITE_NAMES[p.portal],
      locale: p.edition === "de" ? "de_DE" : "en_GB",
      publishedTime: r.publishedAt!.toISOString(),
      modifiedTime: r.contentChangedAt.toISOString(),
      authors: [r.company.name],
      ...(images ? { images } : {}),
    },
    ...(images ? { twitter: { card: "summary_large_image", title: r.title, description: data.description, images } } : {}),
  };
}
