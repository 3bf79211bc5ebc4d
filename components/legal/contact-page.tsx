import type { Metadata } from "next";
import { LegalLinks } from "@/components/ui/legal-links";
import { SiteFooter, SiteHeader } from "@/components/ui/site-header";
import { INTAKE_PAGES } from "@/lib/domains/legal/pages";
import { getSiteHosts, siteOrigin, SITE_NAMES, type Edition } from "@/lib/domains/sites";
import { ContactForm } from "./contact-form";
import { CONTACT_PAGE_COPY } from "./intake-copy";
import type { IntakeState } from "./intake-state";

export function contactMetadata(edition: Edition): Metadata {
  const origin = siteOrigin("hub", getSiteHosts());
  const page = INTAKE_PAGES.contact;
  return {
    title: { absolute: `${page[edition].title} – ${SITE_NAMES.hub}` },
    description: CONTACT_PAGE_COPY[edition].intro,
    alternates: {
      canonical: `${origin}${page[edition].path}`,
      languages: { de: `${origin}${page.de.path}`, en: `${origin}${page.en.path}` },
    },
  };
}

/** The hub's contact page in one language; legal matters are pointed to their own page. */
export function ContactPage({
  edition,
  action,
}: {
  edition: Edition;
  action: (prev: IntakeState | null, form: FormData) => Promise<IntakeState>;
}) {
  const t = CONTACT_PAGE_COPY[edition];
  const other = t.otherLanguage;
  return (
    <>
      <SiteHeader brand={SITE_NAMES.hub} homeHref="/" nav={[{ href: other.href, label: other.label, lang: other.lang }]} />
      <main id="main" className="wrap intake-page" lang={edition}>
        <h1>{t.title}</h1>
        <p className="intake-intro">{t.intro}</p>
        <p className="intake-intro meta">
          {t.legalHint.before} <a href={t.legalHint.href}>{t.legalHint.label}</a>.
        </p>
        <ContactForm edition={edition} action={action} />
      </main>
      <SiteFooter>
        <p>© Pressdesk</p>
        <LegalLinks edition={edition} />
      </SiteFooter>
    </>
  );
}
