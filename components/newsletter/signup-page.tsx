import type { Metadata } from "next";
import { SiteFooter, SiteHeader } from "@/components/ui/site-header";
import { getSiteHosts, siteOrigin, SITE_NAMES, type Edition } from "@/lib/domains/sites";
import { NEWSLETTER_PATHS } from "@/lib/domains/newsletter/confirm-url";
import { SIGNUP_COPY } from "./copy";
import { NewsletterSignupForm, type SignupState } from "./signup-form";
import styles from "./signup-page.module.css";

export function signupMetadata(edition: Edition): Metadata {
  const origin = siteOrigin("hub", getSiteHosts());
  return {
    title: { absolute: `${SIGNUP_COPY[edition].title} – ${SITE_NAMES.hub}` },
    description: SIGNUP_COPY[edition].intro,
    alternates: {
      canonical: `${origin}${NEWSLETTER_PATHS[edition]}`,
      languages: { de: `${origin}${NEWSLETTER_PATHS.de}`, en: `${origin}${NEWSLETTER_PATHS.en}` },
    },
  };
}

/** The public sign-up page of the hub in one language; the other is one link away. */
export function NewsletterSignupPage({
  edition,
  action,
}: {
  edition: Edition;
  action: (prev: SignupState | null, form: FormData) => Promise<SignupState>;
}) {
  const t = SIGNUP_COPY[edition];
  const other = t.otherLanguage;
  return (
    <>
      <SiteHeader brand={SITE_NAMES.hub} homeHref="/" nav={[{ href: other.href, label: other.label, lang: other.lang }]} />
      <main id="main" className="wrap" lang={edition}>
        <h1>{t.title}</h1>
        <p className={styles.intro}>{t.intro}</p>
        <NewsletterSignupForm edition={edition} action={action} />
      </main>
      <SiteFooter>© Pressdesk</SiteFooter>
    </>
  );
}
