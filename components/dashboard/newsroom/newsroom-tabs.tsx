import Link from "next/link";

/** The sections of one newsroom in the dashboard. */
export function NewsroomTabs({ companyId, current }: { companyId: number; current: "profile" | "team" | "reach" }) {
  const tabs = [
    { key: "profile", href: `/dashboard/newsrooms/${companyId}`, label: "Profil" },
    { key: "team", href: `/dashboard/newsrooms/${companyId}/team`, label: "Team" },
    { key: "reach", href: `/dashboard/newsrooms/${companyId}/reichweite`, label: "Reichweite" },
  ] as const;
  return (
    <nav aria-label="Bereiche des Newsrooms" className="tabs">
      {tabs.map((t) => (
        <Link key={t.key} href={t.href} aria-current={t.key === current ? "page" : undefined}>
          {t.label}
        </Link>
      ))}
    </nav>
  );
}
