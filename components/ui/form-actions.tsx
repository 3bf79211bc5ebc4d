import type { ReactNode } from "react";
import { cx } from "./class-names";
import styles from "./form-actions.module.css";

export type FormActionsProps = {
  /** "compact": tighter, for rows inside a table or a list item; "flush": no space around the row. */
  spacing?: "normal" | "compact" | "flush";
  /** "stack": one under the other (the actions of a table row); "start": a row whose items align at the top. */
  layout?: "row" | "start" | "stack";
  /** For placement only. */
  className?: string;
  children: ReactNode;
} & (
  | { as?: "div" }
  /** A pager ("← Neuere · Seite 2 · Ältere →"): a navigation landmark, so it needs its own name. */
  | { as: "nav"; "aria-label": string }
);

/** The row of a form's buttons, or of the actions of a list item or a page section. */
export function FormActions(props: FormActionsProps) {
  const { spacing = "normal", layout = "row", className, children } = props;
  const classes = cx(
    styles.actions,
    spacing === "compact" && styles.compact,
    spacing === "flush" && styles.flush,
    layout === "start" && styles.start,
    layout === "stack" && styles.stack,
    className,
  );
  return props.as === "nav" ? (
    <nav className={classes} aria-label={props["aria-label"]}>
      {children}
    </nav>
  ) : (
    <div className={classes}>{children}</div>
  );
}
