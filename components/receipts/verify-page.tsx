import type { Metadata } from "next";
import { LegalLinks } from "@/components/ui/legal-links";
import { SiteFooter, SiteHeader } from "@/components/ui/site-header";
import { getSiteHosts, hubUrl, siteOrigin, SITE_NAMES, type Edition } from "@/lib/domains/sites";
import { VERIFY_COPY, VERIFY_PATHS } from "./verify-copy";
import { VerifyReceiptForm } from "./verify-form";
import type { VerifyState } from "./verify-state";

export function verifyReceiptMetadata(edition: Edition): Metadata {
  const origin = siteOrigin("hub", getSiteHosts());
  return {
    title: { absolute: `${VERIFY_COPY[edition].title} – ${SITE_NAMES.hub}` },
    description: VERIFY_COPY[edition].intro,
    alternates: {
      canonical: `${origin}${VERIFY_PATHS[edition]}`,
      languages: { de: `${origin}${VERIFY_PATHS.de}`, en: `${origin}${VERIFY_PATHS.en}` },
    },
  };
}

/** The hub's public receipt check in one language; the other language is one link away. */
export function VerifyReceiptPage({
  edition,
  action,
}: {
  edition: Edition;
  action: (prev: VerifyState | null, form: FormData) => Promise<VerifyState>;
}) {
  const t = VERIFY_COPY[edition];
  const keys = hubUrl("/.well-known/receipt-keys.json");
  return (
    <>
      <SiteHeader brand={SITE_NAMES.hub} homeHref="/" nav={[t.otherLanguage]} />
      <main id="main" className="wrap intake-page" lang={edition}>
        <h1>{t.title}</h1>
        <p className="intake-intro">{t.intro}</p>
        <VerifyReceiptForm edition={edition} action={action} />
        <p className="intake-intro meta">
          {t.offline.before} <a href={keys}>{keys}</a>
          {t.offline.after}
        </p>
      </main>
      <SiteFooter>
        <p>© Pressdesk</p>
        <LegalLinks edition={edition} />
      </SiteFooter>
    </>
  );
}
