"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { AdminNavGroup } from "@/lib/domains/accounts/admin-screens";

/**
 * The admin area's own navigation: the start page, then the screens grouped, each with the count
 * of what waits behind it. Client-side only to mark the current screen.
 */
export function AdminNav({
  start,
  groups,
  badges,
}: {
  start: { href: string; label: string };
  groups: AdminNavGroup[];
  badges: Record<string, number>;
}) {
  const pathname = usePathname();
  const all = [start, ...groups.flatMap((g) => g.items)];
  const current = all
    .filter((i) => pathname === i.href || (i !== start && pathname.startsWith(`${i.href}/`)))
    .sort((a, b) => b.href.length - a.href.length)[0];
  const link = (item: { href: string; label: string }) => {
    const waiting = badges[item.href] ?? 0;
    return (
      <Link href={item.href} aria-current={item === current ? "page" : undefined}>
        <span>{item.label}</span>
        {waiting ? (
          <span className="admin-nav-count">
            {waiting.toLocaleString("de-DE")}
            <span className="visually-hidden"> warten</span>
          </span>
        ) : null}
      </Link>
    );
  };
  return (
    <nav className="admin-nav" aria-label="Verwaltung">
      <ul className="admin-nav-start">
        <li>{link(start)}</li>
      </ul>
      {groups.map((group) => (
        <div key={group.label} className="admin-nav-group">
          <p className="admin-nav-label">{group.label}</p>
          <ul>
            {group.items.map((item) => (
              <li key={item.href}>{link(item)}</li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
