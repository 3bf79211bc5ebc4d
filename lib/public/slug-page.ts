import { isEdition, isPortal, type Edition, type Portal } from "@/lib/sites";

export type SlugPageParams = Promise<{ portal: string; edition: string; slug: string }>;

/**
 * The data of a portal page named by a slug (category, newsroom), or null (404) when the
 * portal, the edition or the slug names nothing.
 */
export async function loadSlugPage<T>(params: SlugPageParams, load: (portal: Portal, edition: Edition, slug: string) => Promise<T | null>) {
  const p = await params;
  if (!isPortal(p.portal) || !isEdition(p.edition)) return null;
  const data = await load(p.portal, p.edition, decodeURIComponent(p.slug));
  return data ? { portal: p.portal, edition: p.edition, data } : null;
}
