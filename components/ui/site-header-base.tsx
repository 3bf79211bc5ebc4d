import type { ComponentType, ReactNode } from "react";

export interface NavItem {
  href: string;
  label: string;
  current?: boolean;
  lang?: string;
}

type HomeLink = "a" | ComponentType<{ className: string; href: string; children: ReactNode }>;

/**
 * The header's markup. The brand is a plain link unless `homeLink` says otherwise: portal pages
 * import this module and not site-header.tsx, so a reader's page loads no next/link code and no
 * prefetch of the home page.
 */
export function SiteHeaderBase({
  brand,
  tagline,
  homeHref,
  nav,
  homeLink: Home = "a",
}: {
  brand: string;
  tagline?: string;
  homeHref: string;
  nav: NavItem[];
  homeLink?: HomeLink;
}) {
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="wrap">
        <Home className="brand" href={homeHref}>
          {brand}
          {tagline ? <small>{tagline}</small> : null}
        </Home>
        <nav aria-label="Main">
          <ul className="nav">
            {nav.map((item) => (
              <li key={item.href}>
                <a href={item.href} aria-current={item.current ? "page" : undefined} hrefLang={item.lang} lang={item.lang}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}

export function SiteFooter({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <footer className="site-footer">
      <div className={wide ? "wrap wrap-wide" : "wrap"}>{children}</div>
    </footer>
  );
}
