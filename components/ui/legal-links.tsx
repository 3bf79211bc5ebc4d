import { INTAKE_PAGES, LEGAL_PAGES, legalPath, type IntakePageKey, type LegalPageKey } from "@/lib/domains/legal/pages";
import { getSiteHosts, siteOrigin, type Edition } from "@/lib/domains/sites";

/** Footer links to the legal pages and the intake pages (legal requests, contact) on the hub. */
export function LegalLinks({ edition }: { edition: Edition }) {
  const origin = siteOrigin("hub", getSiteHosts());
  return (
    <ul className="nav footer-links">
      {(Object.keys(LEGAL_PAGES) as LegalPageKey[]).map((page) => (
        <li key={page}>
          <a href={`${origin}${legalPath(page, edition)}`}>{LEGAL_PAGES[page][edition].title}</a>
        </li>
      ))}
      {(Object.keys(INTAKE_PAGES) as IntakePageKey[]).map((page) => (
        <li key={page}>
          <a href={`${origin}${INTAKE_PAGES[page][edition].path}`}>{INTAKE_PAGES[page][edition].title}</a>
        </li>
      ))}
    </ul>
  );
}
