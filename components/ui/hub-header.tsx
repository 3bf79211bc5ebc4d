import Link from "next/link";
import { SITE_NAMES } from "@/lib/domains/sites";
import { HubNav, type HubNavItem } from "./hub-nav";
import { Button } from "./button";

/** The hub's header for signed-in people: their areas, their name and sign-out. */
export function HubHeader({ userName, adminHome, logout }: { userName: string; adminHome: string | null; logout: () => Promise<void> }) {
  const items: HubNavItem[] = [
    { href: "/dashboard", label: "Pressemitteilungen" },
    { href: "/dashboard/newsrooms", label: "Newsrooms" },
    { href: "/dashboard/billing", label: "Abrechnung" },
    { href: "/dashboard/tokens", label: "API-Tokens" },
    { href: "/dashboard/webhooks", label: "Webhooks" },
    { href: "/dashboard/legal-requests", label: "Rechtliche Anliegen" },
    { href: "/dashboard/security", label: "Sicherheit" },
    // Staff reach every screen they may open through the admin area's own navigation.
    ...(adminHome ? [{ href: adminHome, label: "Verwaltung", match: "/admin" }] : []),
  ];
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Zum Inhalt
      </a>
      <div className="wrap">
        <Link className="brand" href="/dashboard">
          {SITE_NAMES.hub}
          <small>Kundenbereich</small>
        </Link>
        <HubNav items={items}>
          <form action={logout}>
            <span className="meta">{userName} · </span>
            <Button type="submit" variant="link">
              Abmelden
            </Button>
          </form>
        </HubNav>
      </div>
    </header>
  );
}
