import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { cx } from "./class-names";
import styles from "./field.module.css";

export interface FieldProps {
  /** The control's id: the label points at it, and hint and issue are named after it (`${id}-hint`, `${id}-issue`). */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /**
   * What is wrong with the value now. Passing the prop at all, even as undefined, says the field
   * can be refused: its line is then kept free, so the form does not jump when an issue appears.
   */
  issue?: string | undefined;
  /** The control, wired with describedBy(id, issue, !!hint). Without it, `input` makes a wired <input>. */
  children?: ReactNode;
  input?: Omit<ComponentPropsWithoutRef<"input">, "id">;
  /** For placement, or for a caller's own rules on the control (they win over the field's). */
  className?: string;
}

/** Label, control, hint and issue of one form field, wired for screen readers. */
export function Field(props: FieldProps) {
  const { id, label, hint, issue, children, input, className } = props;
  const canFail = Object.hasOwn(props, "issue");
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children ?? <input id={id} {...input} {...describedBy(id, issue, Boolean(hint))} />}
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {issue ? (
        <p className={cx("issue", styles.issueSlot)} id={`${id}-issue`}>
          {issue}
        </p>
      ) : canFail ? (
        <p className={cx("issue", styles.issueSlot)} aria-hidden="true" />
      ) : null}
    </div>
  );
}

/** The aria attributes a control inside Field needs. */
export function describedBy(id: string, issue: string | undefined, hasHint = false) {
  const ids = [hasHint ? `${id}-hint` : null, issue ? `${id}-issue` : null].filter(Boolean).join(" ");
  return { "aria-invalid": issue ? true : undefined, "aria-describedby": ids || undefined } as const;
}

/**
 * The issue a controlled form shows under one field: its own rule once the field was touched,
 * else the server's answer, but only while the field still holds the value the server judged
 * (once it changes, that answer is stale).
 */
export function shownIssue<F extends string>(
  field: F,
  form: {
    touched: Partial<Record<F, boolean>>;
    clientIssues: Partial<Record<F, string>>;
    values: Record<F, string>;
    sent: Record<F, string> | null;
    serverIssues?: Record<string, string> | undefined;
  },
): string | undefined {
  if (form.touched[field] && form.clientIssues[field]) return form.clientIssues[field];
  if (form.sent && form.sent[field] === form.values[field] && form.serverIssues?.[field]) return form.serverIssues[field];
  return undefined;
}
