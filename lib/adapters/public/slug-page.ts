import { decodePathSegment } from "@/lib/core/input/path-segment";
import { isEdition, isPortal, type Edition, type Portal } from "@/lib/domains/sites";

export type SlugPageParams = Promise<{ portal: string; edition: string; slug: string }>;

/**
 * The data of a portal page named by a slug (category, newsroom), or null (404) when the
 * portal, the edition or the slug names nothing.
 */
export async function loadSlugPage<T>(params: SlugPageParams, load: (portal: Portal, edition: Edition, slug: string) => Promise<T | null>) {
  const p = await params;
  const slug = decodePathSegment(p.slug);
  if (!isPortal(p.portal) || !isEdition(p.edition) || slug === null) return null;
  const data = await load(p.portal, p.edition, slug);
  return data ? { portal: p.portal, edition: p.edition, data } : null;
}
