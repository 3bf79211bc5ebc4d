import { correctionHeading } from "@/lib/domains/legal/corrections/note-text";
import type { CorrectionNote } from "@/lib/domains/legal/corrections/release-notes";
import type { Edition } from "@/lib/domains/sites";

const LABEL = { de: "Korrekturhinweise", en: "Correction notes" } as const;

/**
 * The dated public notes of a corrected release, right under its header so no reader misses
 * them: "Korrektur vom 24.11.2026: …". The same wording stands in the feed item and the log.
 */
export function CorrectionNotes({ notes, edition }: { notes: readonly CorrectionNote[]; edition: Edition }) {
  if (!notes.length) return null;
  return (
    <aside className="correction-notes" aria-label={LABEL[edition]}>
      {notes.map((c) => (
        <p key={c.id}>
          <strong>
            <time dateTime={c.createdAt.toISOString()}>{correctionHeading(c.kind, c.createdAt, edition)}</time>:
          </strong>{" "}
          {c.note}
        </p>
      ))}
    </aside>
  );
}
