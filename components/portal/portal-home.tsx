import type { cachedPortalHome } from "@/lib/adapters/public/cached-reads";
import { SITE_NAMES, type Edition, type Portal } from "@/lib/domains/sites";
import { BoostedReleases } from "./boosted-releases";
import { Pager } from "./pager";
import { ReleaseList } from "./release-list";

type Home = Awaited<ReturnType<typeof cachedPortalHome>>;

const TEXT = {
  de: { heading: "Aktuelle Pressemitteilungen", later: "Ältere Pressemitteilungen" },
  en: { heading: "Latest press releases", later: "Earlier press releases" },
} as const;

/** The edition's home: the newest release as the lead story, the rest as cards, then older pages. */
export function PortalHome({ home, portal, edition }: { home: Home; portal: Portal; edition: Edition }) {
  const t = TEXT[edition];
  const first = home.page === 1;
  const [lead, ...rest] = home.releases;
  return (
    <>
      <h1 className={first ? "visually-hidden" : undefined}>
        {first ? `${SITE_NAMES[portal]}: ${t.heading}` : `${t.later} – ${home.page}`}
      </h1>
      {first && lead ? <ReleaseList items={[lead]} edition={edition} variant="lead" /> : null}
      <BoostedReleases items={home.boosted} edition={edition} />
      {first ? <h2>{t.heading}</h2> : null}
      <ReleaseList items={first ? rest : home.releases} edition={edition} level={first ? 3 : 2} variant="grid" eager={!first} />
      <Pager page={home.page} hasNext={home.hasNext} href={(p) => (p === 1 ? `/${edition}` : `/${edition}?page=${p}`)} edition={edition} />
    </>
  );
}
