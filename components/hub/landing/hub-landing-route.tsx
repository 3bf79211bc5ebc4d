import { ReaderDocument } from "@/components/portal/reader-document";
import { cachedPortalHome } from "@/lib/adapters/public/cached-reads";
import { readerResponse, renderReaderHtml } from "@/lib/adapters/public/reader-pages/render";
import { readerStylesheet } from "@/lib/adapters/public/reader-pages/stylesheet";
import { withSiteImage } from "@/lib/adapters/public/seo/site-og-image";
import { editionHomeUrl, getSiteHosts, hubUrl, PORTAL_TAGLINES, PORTALS, releaseUrl, SITE_NAMES, type Edition } from "@/lib/domains/sites";
import { HubFrame } from "./hub-frame";
import { HubLanding, type LandingPortal } from "./landing-page";
import { landingPlans, landingPricesNote } from "./plans";

const META = {
  de: {
    title: "Pressdesk – Pressemitteilungen veröffentlichen, geprüft und gefunden",
    description:
      "Pressemitteilungen einreichen, automatisch prüfen lassen und auf Pressdesk Business und Pressdesk Tech veröffentlichen: mit Feeds, News-Sitemap, IndexNow, signierten Nachweisen und Reichweitenbericht.",
  },
  en: {
    title: "Pressdesk – publish press releases, checked and found",
    description:
      "Submit press releases, have them checked automatically and published on Pressdesk Business and Pressdesk Tech: with feeds, news sitemap, IndexNow, signed receipts and a reach report.",
  },
} as const;

/** The hub's front page (German at `/`, English at `/en`): static HTML like the reader pages. */
export async function hubLandingResponse(edition: Edition): Promise<Response> {
  const hosts = getSiteHosts();
  const portals: LandingPortal[] = await Promise.all(
    PORTALS.map(async (portal) => {
      const home = await cachedPortalHome(portal, edition, 1);
      return {
        key: portal,
        name: SITE_NAMES[portal],
        tagline: PORTAL_TAGLINES[portal][edition],
        editionHomes: { de: editionHomeUrl(portal, "de", hosts), en: editionHomeUrl(portal, "en", hosts) },
        releases: home.releases.slice(0, 3).map((r) => ({
          title: r.title,
          href: releaseUrl(r, hosts),
          publishedAt: r.publishedAt,
          companyName: r.companyName,
          cover: r.cover
            ? { src: r.cover.src, srcSet: r.cover.srcSet ?? undefined, width: r.cover.width, height: r.cover.height, alt: r.cover.alt }
            : null,
        })),
      };
    }),
  );
  const url = hubUrl(edition === "de" ? "/" : "/en");
  const html = renderReaderHtml(
    <ReaderDocument
      lang={edition}
      css={readerStylesheet("hub")}
      metadata={withSiteImage(
        {
          title: META[edition].title,
          description: META[edition].description,
          alternates: { canonical: url, languages: { de: hubUrl("/"), en: hubUrl("/en"), "x-default": hubUrl("/") } },
        },
        "hub",
        edition,
      )}
    >
      <HubFrame edition={edition}>
        <HubLanding
          edition={edition}
          plans={landingPlans(edition)}
          portals={portals}
          registerHref="/register"
          signInHref="/login"
          apiDocsHref="/docs/api"
          pricesNote={landingPricesNote(edition)}
        />
      </HubFrame>
    </ReaderDocument>,
  );
  return readerResponse(html);
}
