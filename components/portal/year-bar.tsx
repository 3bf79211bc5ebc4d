import { categoryArchivePath, type Edition } from "@/lib/domains/sites";

const LABEL = { de: "Archiv nach Jahr", en: "Archive by year" } as const;

/** Years with releases and their counts; the current year is marked. */
export function YearBar({
  edition,
  slug,
  years,
  current,
}: {
  edition: Edition;
  slug: string;
  years: { year: number; count: number }[];
  current?: number;
}) {
  if (!years.length) return null;
  return (
    <nav aria-label={LABEL[edition]} className="year-bar">
      <ul>
        {years.map((y) => (
          <li key={y.year}>
            <a href={categoryArchivePath(edition, slug, y.year)} aria-current={y.year === current ? "page" : undefined}>
              {y.year} <span className="meta">({y.count})</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
