"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

export interface HubNavItem {
  href: string;
  label: string;
  /** The path prefix that marks this item current, where it differs from href. */
  match?: string;
}

/** Client-side only to mark the current area: the layout that renders it does not know the path. */
export function HubNav({ label, items, children }: { label: string; items: HubNavItem[]; children?: ReactNode }) {
  const pathname = usePathname();
  // The most specific match wins, so /dashboard/tokens does not also mark /dashboard.
  const prefix = (i: HubNavItem) => i.match ?? i.href;
  const current = items
    .filter((i) => pathname === prefix(i) || pathname.startsWith(`${prefix(i)}/`))
    .sort((a, b) => prefix(b).length - prefix(a).length)[0];
  return (
    <nav aria-label={label}>
      <ul className="nav">
        {items.map((item) => (
          <li key={item.href}>
            <Link href={item.href} aria-current={item === current ? "page" : undefined}>
              {item.label}
            </Link>
          </li>
        ))}
        {children ? <li>{children}</li> : null}
      </ul>
    </nav>
  );
}
