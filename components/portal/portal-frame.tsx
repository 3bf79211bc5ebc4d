import type { ReactNode } from "react";
import { LegalLinks } from "@/components/ui/legal-links";
import { SiteFooter, SiteHeaderBase } from "@/components/ui/site-header-base";
import { correctionsPath } from "@/lib/domains/legal/corrections/paths";
import { newsroomDirectoryPath, PORTAL_TAGLINES, SITE_NAMES, type Edition, type Portal } from "@/lib/domains/sites";

/** The public correction log (spec 4.4), linked from every portal page's footer. */
const CORRECTIONS_LABEL = { de: "Korrekturen", en: "Corrections" } as const;

/**
 * Header, main and footer of every portal page; the edition switch goes to the other edition's
 * home. `current` marks the section the page belongs to in the navigation.
 */
export function PortalFrame({
  portal,
  edition,
  current,
  children,
}: {
  portal: Portal;
  edition: Edition;
  current?: "newsrooms";
  children: ReactNode;
}) {
  return (
    <>
      <SiteHeaderBase
        brand={SITE_NAMES[portal]}
        tagline={PORTAL_TAGLINES[portal][edition]}
        homeHref={`/${edition}`}
        nav={[
          { href: newsroomDirectoryPath(edition), label: "Newsrooms", current: current === "newsrooms" },
          { href: "/de", label: "Deutsch", current: edition === "de", lang: "de" },
          { href: "/en", label: "English", current: edition === "en", lang: "en" },
        ]}
      />
      <main id="main" className="wrap">
        {children}
      </main>
      <SiteFooter>
        <p>
          © {SITE_NAMES[portal]} · <a href={correctionsPath(edition)}>{CORRECTIONS_LABEL[edition]}</a>
        </p>
        <LegalLinks edition={edition} />
      </SiteFooter>
    </>
  );
}
