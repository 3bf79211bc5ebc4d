import Link from "next/link";

export interface StatusTab {
  key: string;
  label: string;
  /** How many the tab holds; absent where counting is not worth it. */
  count?: number;
  href: string;
}

/** A list's status tabs with their counts (the one list pattern: tabs, search, filters, pages). */
export function StatusTabs({ label, tabs, current }: { label: string; tabs: StatusTab[]; current: string }) {
  return (
    <nav className="tabs" aria-label={label}>
      {tabs.map((tab) => (
        <Link key={tab.key} href={tab.href} aria-current={tab.key === current ? "page" : undefined}>
          {tab.label}
          {tab.count !== undefined ? <span className="tab-count">{tab.count.toLocaleString("de-DE")}</span> : null}
        </Link>
      ))}
    </nav>
  );
}
