import type { ReactNode } from "react";
import { LegalLinks } from "@/components/ui/legal-links";
import { SITE_NAMES, type Edition } from "@/lib/domains/sites/sites";

const TEXT = {
  de: {
    skip: "Zum Inhalt springen",
    nav: "Hauptnavigation",
    prices: "Preise",
    api: "API",
    signIn: "Anmelden",
    register: "Registrieren",
    language: "Sprache",
  },
  en: {
    skip: "Skip to content",
    nav: "Main navigation",
    prices: "Prices",
    api: "API",
    signIn: "Sign in",
    register: "Register",
    language: "Language",
  },
} as const;

/** Header and footer of the hub's front page: static links only, no script. */
export function HubFrame({ edition, children }: { edition: Edition; children: ReactNode }) {
  const t = TEXT[edition];
  return (
    <>
      <a className="skip-link" href="#main">
        {t.skip}
      </a>
      <header className="portal-header">
        <div className="wrap portal-bar">
          <a className="brand" href={edition === "de" ? "/" : "/en"}>
            {SITE_NAMES.hub}
          </a>
          <nav aria-label={t.nav} className="hub-links">
            <a href="#landing-prices">{t.prices}</a>
            <a href="/docs/api" hrefLang="en">
              {t.api}
            </a>
            <a href="/login">{t.signIn}</a>
            <a href="/register" className="hub-register">
              {t.register}
            </a>
          </nav>
          <nav aria-label={t.language} className="edition-switch">
            <a href="/" hrefLang="de" lang="de" aria-current={edition === "de" ? "true" : undefined}>
              DE
            </a>
            <a href="/en" hrefLang="en" lang="en" aria-current={edition === "en" ? "true" : undefined}>
              EN
            </a>
          </nav>
        </div>
      </header>
      {children}
      <footer className="portal-footer">
        <div className="wrap">
          <LegalLinks edition={edition} />
          <p className="meta">© {SITE_NAMES.hub}</p>
        </div>
      </footer>
    </>
  );
}
