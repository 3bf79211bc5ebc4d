import Link from "next/link";
import { SITE_NAMES } from "@/lib/domains/sites";
import { HubNav, type HubNavItem } from "./hub-nav";
import { Button } from "./button";

export type SignedInArea = "customer" | "admin";

const AREA = {
  customer: { name: "Kundenbereich", home: "/dashboard" },
  admin: { name: "Verwaltung", home: "/admin" },
} as const;

/**
 * The header of a signed-in area: the product mark with the area's name, the area's menu, and the
 * account (name, sign-out). The customer area lists its screens here; the admin area has its own
 * sidebar, so its header only offers the way to the customer area beside the account.
 */
export function HubHeader({
  area,
  userName,
  adminHome,
  logout,
}: {
  area: SignedInArea;
  userName: string;
  adminHome: string | null;
  logout: () => Promise<void>;
}) {
  const items: HubNavItem[] =
    area === "admin"
      ? [{ href: "/dashboard", label: "Zum Kundenbereich" }]
      : [
          { href: "/dashboard", label: "Übersicht" },
          { href: "/dashboard/releases", label: "Pressemitteilungen" },
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
    <header className={`site-header site-header-${area}`}>
      <a className="skip-link" href="#main">
        Zum Inhalt
      </a>
      <div className="wrap wrap-wide">
        <Link className="brand" href={AREA[area].home}>
          {SITE_NAMES.hub}
          <small>{AREA[area].name}</small>
        </Link>
        <HubNav label={area === "admin" ? "Konto" : AREA.customer.name} items={items}>
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
