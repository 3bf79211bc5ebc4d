import type { Metadata } from "next";
import { LegalLinks } from "@/components/ui/legal-links";
import { SiteFooter, SiteHeader } from "@/components/ui/site-header";
import { editionHomeUrl, getSiteHosts, PORTAL_TAGLINES, PORTALS, SITE_NAMES } from "@/lib/domains/sites";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: { absolute: "Pressdesk – Pressemitteilungen veröffentlichen" },
  description: "Pressemitteilungen einreichen, prüfen lassen und auf Pressdesk Business und Pressdesk Tech veröffentlichen.",
};

export default function HubHome() {
  const hosts = getSiteHosts();
  return (
    <>
      <SiteHeader
        brand={SITE_NAMES.hub}
        tagline="Pressemitteilungen veröffentlichen"
        homeHref="/"
        nav={[{ href: "/dashboard", label: "Kundenbereich" }]}
      />
      <main id="main" className="wrap">
        <h1>Pressemitteilungen veröffentlichen</h1>
        <p>
          Reichen Sie Pressemitteilungen im Kundenbereich oder über die HTTP-API ein. Jede Meldung wird automatisch geprüft und anschließend
          auf einem unserer Portale veröffentlicht – mit Kategorie-Archiv, Newsroom-Seite, RSS-Feeds und Sitemaps.
        </p>
        <h2>Unsere Portale</h2>
        <div className="cards">
          {PORTALS.map((portal) => (
            <section key={portal} className="card" aria-labelledby={`portal-${portal}`}>
              <h3 id={`portal-${portal}`}>{SITE_NAMES[portal]}</h3>
              <p>{PORTAL_TAGLINES[portal].de}</p>
              <p>
                <a href={editionHomeUrl(portal, "de", hosts)} hrefLang="de">
                  Deutsche Ausgabe
                </a>{" "}
                ·{" "}
                <a href={editionHomeUrl(portal, "en", hosts)} hrefLang="en" lang="en">
                  English edition
                </a>
              </p>
            </section>
          ))}
        </div>
      </main>
      <SiteFooter>
        <p>© Pressdesk</p>
        <LegalLinks edition="de" />
      </SiteFooter>
    </>
  );
}
