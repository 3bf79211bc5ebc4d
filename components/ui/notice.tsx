import type { ReactNode } from "react";
import { cx } from "./class-names";
import styles from "./notice.module.css";

export type NoticeTone = "info" | "success" | "warning" | "error";

export interface NoticeProps {
  tone: NoticeTone;
  /**
   * The live-region role, only where the notice appears in answer to something: "alert" for a
   * refusal that needs attention now, "status" for an outcome. A notice that stands on the page
   * from its first render needs none.
   */
  role?: "status" | "alert" | "note";
  /** A second, smaller line: the domain's own wording, a request id. */
  detail?: ReactNode;
  /** Buttons that answer the notice ("Aktuellen Text laden"), in a row under it. */
  actions?: ReactNode;
  id?: string;
  /** For placement only. */
  className?: string;
  children: ReactNode;
}

/** A message box in one of four tones (info, success, warning, error). */
export function Notice({ tone, role, detail, actions, id, className, children }: NoticeProps) {
  return (
    <div className={cx(styles.notice, styles[tone], className)} role={role} id={id}>
      {children}
      {detail ? <small className={styles.detail}>{detail}</small> : null}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}
