import type { Edition } from "@/lib/domains/sites";

const TEXT = {
  de: { pages: "Seiten", page: "Seite", of: "von", newer: "Neuere", older: "Ältere" },
  en: { pages: "Pages", page: "Page", of: "of", newer: "Newer", older: "Older" },
} as const;

/** Newer/older links of a list, newest first; `total` when the list knows its page count. */
export function Pager({
  page,
  hasNext,
  total,
  href,
  edition,
}: {
  page: number;
  hasNext: boolean;
  total?: number;
  href: (page: number) => string;
  edition: Edition;
}) {
  const t = TEXT[edition];
  if (page === 1 && !hasNext) return null;
  return (
    <nav aria-label={t.pages} className="pager">
      {page > 1 ? (
        <a href={href(page - 1)} rel="prev">
          ← {t.newer}
        </a>
      ) : (
        <span />
      )}
      <span>
        {t.page} {page}
        {total ? ` ${t.of} ${total}` : null}
      </span>
      {hasNext ? (
        <a href={href(page + 1)} rel="next">
          {t.older} →
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
