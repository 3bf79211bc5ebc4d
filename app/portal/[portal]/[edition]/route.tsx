import { PortalHome } from "@/components/portal/portal-home";
import { readerPage } from "@/components/portal/reader-route";
import { cachedPortalHome, HOME_MAX_PAGE } from "@/lib/adapters/public/cached-reads";
import { feedAlternates } from "@/lib/adapters/public/feeds/formats";
import { readPageParam } from "@/lib/adapters/public/reader-pages/page-param";
import { editionAlternates, feedPath, getSiteHosts, PORTAL_TAGLINES, SITE_NAMES } from "@/lib/domains/sites";

const PAGE = { de: "Seite", en: "Page" } as const;

export const GET = readerPage({
  async load({ portal, edition, search }) {
    const page = readPageParam(search, HOME_MAX_PAGE);
    if (page === null) return null;
    const home = await cachedPortalHome(portal, edition, page);
    // A page past the end is no page.
    return page > 1 && !home.releases.length ? null : home;
  },
  metadata(home, { portal, edition }) {
    const alternates = editionAlternates(portal, "", getSiteHosts());
    const later = home.page > 1;
    return {
      title: { absolute: `${SITE_NAMES[portal]} – ${PORTAL_TAGLINES[portal][edition]}${later ? ` – ${PAGE[edition]} ${home.page}` : ""}` },
      description: PORTAL_TAGLINES[portal][edition],
      // Later pages name themselves; only the first has language alternates.
      alternates: later
        ? { canonical: `${alternates[edition]}?page=${home.page}` }
        : { canonical: alternates[edition], languages: alternates, types: feedAlternates(feedPath(edition)) },
    };
  },
  body: (home, { portal, edition }) => <PortalHome home={home} portal={portal} edition={edition} />,
});
