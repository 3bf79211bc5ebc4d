import { directoryHref, type NewsroomDirectory } from "@/lib/adapters/public/newsroom-directory";
import type { Edition } from "@/lib/domains/sites";
import { DIRECTORY_TEXT } from "./newsroom-directory-text";
import { NewsroomLogo } from "./newsroom-logo";

/** The newsrooms of one directory page: logo, name (to the newsroom page), short description, number of releases. */
export function NewsroomDirectoryList({ directory, edition }: { directory: NewsroomDirectory; edition: Edition }) {
  const t = DIRECTORY_TEXT[edition];
  if (!directory.entries.length) {
    return (
      <p className="empty">
        {t.empty} {directory.q || directory.letter ? <a href={directoryHref(edition, {})}>{t.reset}</a> : null}
      </p>
    );
  }
  return (
    <ul className="newsroom-directory">
      {directory.entries.map((entry) => (
        <li key={entry.id} className="newsroom-entry">
          <NewsroomLogo name={entry.name} src={entry.logoUrl} size="small" />
          <div>
            <h2>
              <a href={entry.href}>{entry.name}</a>
            </h2>
            {entry.description ? <p className="newsroom-entry-description">{entry.description}</p> : null}
            <p className="meta">{t.releases(entry.releaseCount)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Previous and next page, keeping the letter and the search words. */
export function NewsroomDirectoryPager({ directory, edition }: { directory: NewsroomDirectory; edition: Edition }) {
  if (directory.totalPages <= 1) return null;
  const t = DIRECTORY_TEXT[edition];
  const href = (page: number) => directoryHref(edition, { letter: directory.letter, q: directory.q, page });
  return (
    <nav aria-label={t.pages} className="pager">
      {directory.page > 1 ? (
        <a href={href(directory.page - 1)} rel="prev">
          {t.prev}
        </a>
      ) : null}
      <span>
        {t.page} {directory.page} {t.of} {directory.totalPages}
      </span>
      {directory.page < directory.totalPages ? (
        <a href={href(directory.page + 1)} rel="next">
          {t.next}
        </a>
      ) : null}
    </nav>
  );
}
