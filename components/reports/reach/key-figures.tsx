import styles from "./reach.module.css";

/** The report's headline numbers as a list of term and value, one box each. */
export function KeyFigures({ figures }: { figures: { term: string; value: string }[] }) {
  return (
    <dl className={styles.figures}>
      {figures.map((f) => (
        <div key={f.term} className={styles.figure}>
          <dt>{f.term}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The notes on the sources: how fresh the counts are and from when each source is recorded. */
export function SourceNotes({ notes }: { notes: string[] }) {
  return (
    <ul className={styles.notes}>
      {notes.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  );
}
