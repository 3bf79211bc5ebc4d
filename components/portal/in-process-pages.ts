import type { InProcessPages } from "@/lib/adapters/public/stored-answers/in-process";
import { isEdition, isPortal, PATH_SEGMENTS } from "@/lib/domains/sites";
import { releasePage } from "./release-page";

// The same handlers as the routes app/portal/[portal]/[edition]/{pressemitteilung,press-release}/[slug].
const RELEASE_PAGES = { de: releasePage(PATH_SEGMENTS.release.de), en: releasePage(PATH_SEGMENTS.release.en) } as const;

/**
 * The release pages, rendered by the middleware in its own process when their stored bytes are
 * missing (docs/portals.md "Caching"): a crawler sweeping every release makes each request such a
 * render, and one through the framework's routing costs several times the page itself. The key is
 * `{site}:{path}` of a page the middleware already let through (storable.ts); release pages read
 * no query. The handlers run inside the first reader's middleware call: they must read nothing
 * of the request context (`headers()`, `cookies()`), only the request they are given, which
 * holds the stored path alone.
 */
export const inProcessPages: InProcessPages = ({ key }) => {
  const [site, path] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
  const [empty, edition, segment, slug, ...rest] = path.split("/");
  if (empty !== "" || rest.length || !slug || slug.includes("?") || !isPortal(site) || !isEdition(edition)) return null;
  if (segment !== PATH_SEGMENTS.release[edition]) return null;
  // As the framework hands a route its params: decoded once (the page decodes its slug again).
  let param: string;
  try {
    param = decodeURIComponent(slug);
  } catch {
    return null;
  }
  const page = RELEASE_PAGES[edition];
  return (request) => page(request, { params: Promise.resolve({ portal: site, edition, slug: param }) });
};
