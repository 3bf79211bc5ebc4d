import type { Metadata } from "next";
import { LegalLinks } from "@/components/ui/legal-links";
import { SiteFooter, SiteHeader } from "@/components/ui/site-header";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { INTAKE_PAGES } from "@/lib/domains/legal/pages";
import { getSiteHosts, siteOrigin, SITE_NAMES, type Edition } from "@/lib/domains/sites";
import { LEGAL_PAGE_COPY } from "./intake-copy";
import { IntakeLoginLinkForm } from "./intake-login-link-form";
import { IntakeRequestForm } from "./intake-request-form";
import type { IntakeState } from "./intake-state";

export function legalRequestsMetadata(edition: Edition): Metadata {
  const origin = siteOrigin("hub", getSiteHosts());
  const page = INTAKE_PAGES.legalRequests;
  return {
    title: { absolute: `${page[edition].title} – ${SITE_NAMES.hub}` },
    description: LEGAL_PAGE_COPY[edition].intro,
    alternates: {
      canonical: `${origin}${page[edition].path}`,
      languages: { de: `${origin}${page.de.path}`, en: `${origin}${page.en.path}` },
    },
  };
}

/**
 * The hub's public legal page (spec 4.4): the login link is the primary path, for customers who
 * want to act on their own release; the form is the fallback for everyone else.
 */
export function IntakeLegalPage({
  edition,
  requestLink,
  fileRequest,
}: {
  edition: Edition;
  requestLink: (prev: ActionResult | null, form: FormData) => Promise<ActionResult>;
  fileRequest: (prev: IntakeState | null, form: FormData) => Promise<IntakeState>;
}) {
  const t = LEGAL_PAGE_COPY[edition];
  const other = t.otherLanguage;
  return (
    <>
      <SiteHeader brand={SITE_NAMES.hub} homeHref="/" nav={[{ href: other.href, label: other.label, lang: other.lang }]} />
      <main id="main" className="wrap intake-page" lang={edition}>
        <h1>{t.title}</h1>
        <p className="intake-intro">{t.intro}</p>
        <section className="panel intake-primary" aria-labelledby="lr-customer-heading">
          <h2 id="lr-customer-heading">{t.customerHeading}</h2>
          <p>{t.customerText}</p>
          <ol className="intake-steps">
            {t.customerSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <IntakeLoginLinkForm edition={edition} action={requestLink} />
        </section>
        <section aria-labelledby="lr-form-heading">
          <h2 id="lr-form-heading">{t.formHeading}</h2>
          <p className="intake-intro">{t.formText}</p>
          <IntakeRequestForm edition={edition} portalOrigin={siteOrigin("business", getSiteHosts())} action={fileRequest} />
        </section>
      </main>
      <SiteFooter>
        <p>© Pressdesk</p>
        <LegalLinks edition={edition} />
      </SiteFooter>
    </>
  );
}
