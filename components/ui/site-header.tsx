import Link from "next/link";

export interface NavItem {
  href: string;
  label: string;
  current?: boolean;
  lang?: string;
}

export function SiteHeader({ brand, tagline, homeHref, nav }: { brand: string; tagline?: string; homeHref: string; nav: NavItem[] }) {
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="wrap">
        <Link className="brand" href={homeHref}>
          {brand}
          {tagline ? <small>{tagline}</small> : null}
        </Link>
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

export function SiteFooter({ children }: { children: React.ReactNode }) {
  return (
    <footer className="site-footer">
      <div className="wrap">{children}</div>
    </footer>
  );
}
