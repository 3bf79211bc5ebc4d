import { directoryHref, type DirectoryLetter, type NewsroomDirectory } from "@/lib/adapters/public/newsroom-directory";
import { newsroomDirectoryPath, type Edition } from "@/lib/domains/sites";
import { DIRECTORY_TEXT } from "./newsroom-directory-text";

/** The search box (GET ?q=, answered by the server) and the letter bar; letters without newsrooms are not links. */
export function NewsroomDirectoryFilter({ directory, edition }: { directory: NewsroomDirectory; edition: Edition }) {
  const t = DIRECTORY_TEXT[edition];
  const label = (letter: DirectoryLetter) => (letter === "0-9" ? "0–9" : letter);
  const unfiltered = !directory.letter && !directory.q;
  return (
    <>
      <form role="search" aria-label={t.search} className="search" method="get" action={newsroomDirectoryPath(edition)}>
        <input name="q" type="search" defaultValue={directory.q} aria-label={t.search} placeholder={t.placeholder} maxLength={100} />
        <button type="submit" className="button secondary">
          {t.submit}
        </button>
      </form>
      <nav aria-label={t.letters} className="newsroom-letters">
        <ul>
          <li>
            <a href={directoryHref(edition, {})} aria-current={unfiltered ? "page" : undefined}>
              {t.all}
            </a>
          </li>
          {directory.letters.map(({ letter, count }) => (
            <li key={letter}>
              {count ? (
                <a
                  href={directoryHref(edition, { letter })}
                  aria-current={directory.letter === letter && !directory.q ? "page" : undefined}
                  aria-label={letter === "#" ? t.other : undefined}
                >
                  {label(letter)}
                </a>
              ) : (
                <span className="newsroom-letter-empty">{label(letter)}</span>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
