import type { Picture } from "@/lib/adapters/public/release-images";
import type { ReleaseListItem } from "@/lib/domains/releases/list-published";
import { releasePath, type Edition } from "@/lib/domains/sites";
import { ReleaseThumbnail } from "./release-picture";
import { editionDate } from "@/lib/domains/sites/edition-dates";

const LABELS = {
  de: { empty: "Noch keine Pressemitteilungen.", by: "von" },
  en: { empty: "No press releases yet.", by: "by" },
} as const;

/** A list entry; `cover` is its deliverable cover's thumbnail (lib/adapters/public/list-covers.ts). */
export type ReleaseListEntry = ReleaseListItem & { cover?: Picture | null };

/**
 * `level`: the heading level of each item, one below the heading the list sits under. `variant`:
 * a list of rows (archives), a grid of cards (home), or the home's lead story; `eager`: the first
 * pictures are in view when the page opens, so they are not loaded lazily.
 */
export function ReleaseList({
  items,
  edition,
  level = 2,
  variant = "list",
  eager = false,
}: {
  items: ReleaseListEntry[];
  edition: Edition;
  level?: 2 | 3;
  variant?: "list" | "grid" | "lead";
  eager?: boolean;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  const t = LABELS[edition];
  if (!items.length) return variant === "lead" ? null : <p className="empty">{t.empty}</p>;
  const dateFormat = editionDate(edition);
  return (
    <ul className={`release-list release-list-${variant}`}>
      {items.map((item, index) => (
        <li key={item.id} className={item.cover ? "release-card has-cover" : "release-card"}>
          <article>
            <div className="release-card-text">
              <Heading>
                <a href={releasePath(item)}>{item.title}</a>
              </Heading>
              <p className="meta">
                <time dateTime={item.publishedAt.toISOString()}>{dateFormat.format(item.publishedAt)}</time> · {t.by} {item.companyName}
                {item.categoryName ? ` · ${item.categoryName}` : null}
              </p>
              {item.lead ? <p className="lead">{item.lead}</p> : null}
            </div>
            {/* After the text, shown beside it: the heading stays first for screen readers. */}
            {item.cover ? (
              <ReleaseThumbnail
                picture={item.cover}
                size={variant === "list" ? "thumbnail" : "card"}
                priority={variant === "lead" || (eager && index < 2)}
              />
            ) : null}
          </article>
        </li>
      ))}
    </ul>
  );
}
