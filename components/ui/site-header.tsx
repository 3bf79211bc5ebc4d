import Link from "next/link";
import { SiteHeaderBase, type NavItem } from "./site-header-base";

export { SiteFooter, type NavItem } from "./site-header-base";

/** The hub's public header: the brand navigates client-side (portal pages use SiteHeaderBase). */
export function SiteHeader(props: { brand: string; tagline?: string; homeHref: string; nav: NavItem[] }) {
  return <SiteHeaderBase {...props} homeLink={Link} />;
}
