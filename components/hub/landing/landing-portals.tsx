import { EDITIONS, type Edition, type Portal } from "@/lib/domains/sites/sites";
import { LANDING_TEXTS } from "./texts";
import { editionDate } from "@/lib/domains/sites/edition-dates";

/** A release's cover as the list shows it: our own stored variants, sized already. */
export interface LandingCover {
  src: string;
  srcSet?: string;
  width: number;
  height: number;
  alt: string;
}

/** One of a portal's latest releases. `href` is absolute: the release lives on its portal's host. */
export interface LandingRelease {
  title: string;
  href: string;
  publishedAt: Date;
  companyName: string;
  /** The release's language, when it is not the page's (its title then carries `lang`). */
  language?: Edition;
  cover?: LandingCover | null;
}

/** A portal as the front page shows it (names and taglines: lib/domains/sites, URLs: `editionHomeUrl`). */
export interface LandingPortal {
  key: Portal;
  name: string;
  /** The tagline in the page's edition (`PORTAL_TAGLINES[portal][edition]`). */
  tagline: string;
  /** Absolute home URL of each edition (`editionHomeUrl(portal, edition, hosts)`). */
  editionHomes: Record<Edition, string>;
  /** The newest releases, newest first; the page shows at most three. */
  releases: readonly LandingRelease[];
}

const COVER_SIZES = "6rem";

export function LandingPortalCard({ edition, portal }: { edition: Edition; portal: LandingPortal }) {
  const t = LANDING_TEXTS[edition].portals;
  const titleId = `landing-portal-${portal.key}-title`;
  const latestId = `landing-portal-${portal.key}-latest`;
  const dateFormat = editionDate(edition);
  const releases = portal.releases.slice(0, 3);
  return (
    <section className="landing-card landing-portal" aria-labelledby={titleId}>
      <h3 id={titleId} className="landing-portal-name">
        {portal.name}
      </h3>
      <p className="landing-portal-tagline">{portal.tagline}</p>
      <h4 id={latestId} className="landing-portal-latest">
        {t.latest(portal.name)}
      </h4>
      {releases.length ? (
        <ul className="landing-releases" aria-labelledby={latestId} role="list">
          {releases.map((release) => (
            <li key={release.href} className="landing-release">
              <div className="landing-release-text">
                <a
                  className="landing-release-title"
                  href={release.href}
                  lang={release.language && release.language !== edition ? release.language : undefined}
                >
                  {release.title}
                </a>
                <p className="landing-release-meta">
                  <time dateTime={release.publishedAt.toISOString()}>{dateFormat.format(release.publishedAt)}</time> · {t.by}{" "}
                  {release.companyName}
                </p>
              </div>
              {release.cover ? (
                // eslint-disable-next-line @next/next/no-img-element -- static HTML without Next's optimiser; the variants are ours and sized already
                <img
                  className="landing-release-cover"
                  src={release.cover.src}
                  srcSet={release.cover.srcSet}
                  sizes={release.cover.srcSet ? COVER_SIZES : undefined}
                  width={release.cover.width}
                  height={release.cover.height}
                  alt={release.cover.alt}
                  loading="lazy"
                  decoding="async"
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="landing-empty">{t.empty}</p>
      )}
      <ul className="landing-editions" aria-label={t.editions(portal.name)} role="list">
        {EDITIONS.map((e) => (
          <li key={e}>
            <a href={portal.editionHomes[e]} hrefLang={e} lang={e}>
              {portal.name} – {t.edition[e]}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
