import Link from "next/link";

/**
 * Previous/next links of an admin list (releases, newsrooms, accounts), with where the reader
 * is. `hasNext` overrides the count where it stopped at a cap and the pages go on.
 */
export function ListPager({
  page,
  pageCount,
  hasNext,
  href,
  label,
}: {
  page: number;
  pageCount: number;
  hasNext?: boolean;
  href: (page: number) => string;
  label: string;
}) {
  const next = hasNext ?? page < pageCount;
  if (page <= 1 && !next) return null;
  return (
    <nav className="pager" aria-label={label}>
      {page > 1 ? (
        <Link href={href(page - 1)} rel="prev">
          ← Vorherige Seite
        </Link>
      ) : null}
      <span className="meta">
        Seite {page.toLocaleString("de-DE")}
        {page <= pageCount && hasNext === undefined ? ` von ${pageCount.toLocaleString("de-DE")}` : ""}
      </span>
      {next ? (
        <Link href={href(page + 1)} rel="next">
          Nächste Seite →
        </Link>
      ) : null}
    </nav>
  );
}
