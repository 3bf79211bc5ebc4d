import type { ReactNode } from "react";
import { cx } from "./class-names";
import styles from "./table.module.css";

export interface TableProps {
  /** Names the table for screen readers (its accessible name); shown only with `showCaption`. */
  caption?: ReactNode;
  showCaption?: boolean;
  /** Names the table when it has no caption. */
  "aria-label"?: string;
  /** Admin lists: a size smaller text. */
  compact?: boolean;
  /** On the <table>: a screen's own rules for its cells. */
  className?: string;
  /** <thead>, <tbody> (one or several), <tfoot>: the table's own rows, th and td as usual. */
  children: ReactNode;
}

/** A data table in a container that scrolls sideways when the table is wider than the page. */
export function Table({ caption, showCaption = false, "aria-label": ariaLabel, compact = false, className, children }: TableProps) {
  return (
    <div className={styles.scroll}>
      <table className={cx(styles.table, compact && styles.compact, className)} aria-label={ariaLabel}>
        {caption ? <caption className={showCaption ? styles.caption : "visually-hidden"}>{caption}</caption> : null}
        {children}
      </table>
    </div>
  );
}
