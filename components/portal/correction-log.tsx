import { correctionDate, KIND_NAMES } from "@/lib/domains/legal/corrections/note-text";
import type { CorrectionLogEntry } from "@/lib/adapters/public/feeds/correction-log";
import { correctionAnchor } from "@/lib/domains/legal/corrections/paths";
import type { Edition } from "@/lib/domains/sites";

const TEXT = {
  de: { empty: "Bisher wurde keine Pressemitteilung korrigiert oder zurückgezogen.", offline: "nicht mehr öffentlich" },
  en: { empty: "No press release has been corrected or withdrawn so far.", offline: "no longer public" },
} as const;

/**
 * The entries of the correction log, newest first: date, kind, the release's title (a link
 * while the release is public) and the note. Each entry has an anchor the feed's guid names.
 */
export function CorrectionLog({ entries, edition }: { entries: CorrectionLogEntry[]; edition: Edition }) {
  const t = TEXT[edition];
  if (!entries.length) return <p className="empty">{t.empty}</p>;
  return (
    <ol className="correction-log">
      {entries.map((e) => (
        <li key={e.id} id={correctionAnchor(e.id)} className={`correction-entry correction-${e.kind}`}>
          <p className="meta">
            <time dateTime={e.createdAt.toISOString()}>{correctionDate(e.createdAt, edition)}</time> ·{" "}
            <span className="correction-kind">{KIND_NAMES[edition][e.kind]}</span>
          </p>
          <h2>{e.url ? <a href={e.url}>{e.title}</a> : e.title}</h2>
          <p>
            {e.note}
            {e.url ? null : <span className="meta"> ({t.offline})</span>}
          </p>
        </li>
      ))}
    </ol>
  );
}
