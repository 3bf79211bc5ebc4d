import type { Metadata } from "next";
import { LEGAL_PAGES, LEGAL_TEXT, legalPath, type LegalPageKey } from "@/lib/domains/legal/pages";
import { getSiteHosts, siteOrigin, SITE_NAMES, type Edition } from "@/lib/domains/sites";
import { LegalLinks } from "./legal-links";
import { SiteFooter, SiteHeader } from "./site-header";

export function legalMetadata(page: LegalPageKey, edition: Edition): Metadata {
  const origin = siteOrigin("hub", getSiteHosts());
  return {
    title: { absolute: `${LEGAL_PAGES[page][edition].title} – ${SITE_NAMES.hub}` },
    alternates: {
      canonical: `${origin}${legalPath(page, edition)}`,
      languages: { de: `${origin}${legalPath(page, "de")}`, en: `${origin}${legalPath(page, "en")}` },
    },
  };
}

/** One legal page of the hub; the other language is one link away. */
export function LegalPage({ page, edition }: { page: LegalPageKey; edition: Edition }) {
  const other = edition === "de" ? "en" : "de";
  return (
    <>
      <SiteHeader
        brand={SITE_NAMES.hub}
        homeHref="/"
        nav={[{ href: legalPath(page, other), label: other === "de" ? "Deutsch" : "English", lang: other }]}
      />
      <main id="main" className="wrap" lang={edition}>
        <h1>{LEGAL_PAGES[page][edition].title}</h1>
        {LEGAL_TEXT[page][edition].map((p) => (
          <p key={p}>{p}</p>
        ))}
      </main>
      <SiteFooter>
        <p>© Pressdesk</p>
        <LegalLinks edition={edition} />
      </SiteFooter>
    </>
  );
}
