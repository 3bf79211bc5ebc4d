import { LEGAL_PAGES, legalPath, type LegalPageKey } from "@/lib/legal/pages";
import { getSiteHosts, siteOrigin, type Edition } from "@/lib/sites";

/** Footer links to the legal pages on the hub. */
export function LegalLinks({ edition }: { edition: Edition }) {
  const origin = siteOrigin("hub", getSiteHosts());
  return (
    <ul className="nav footer-links">
      {(Object.keys(LEGAL_PAGES) as LegalPageKey[]).map((page) => (
        <li key={page}>
          <a href={`${origin}${legalPath(page, edition)}`}>{LEGAL_PAGES[page][edition].title}</a>
        </li>
      ))}
    </ul>
  );
}
