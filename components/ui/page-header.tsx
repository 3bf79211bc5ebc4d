import Link from "next/link";
import type { ReactNode } from "react";
import styles from "./page-header.module.css";

export interface PageHeaderProps {
  /** The page's one h1. */
  title: ReactNode;
  /** A sentence or two under the title: what the page is for. */
  description?: ReactNode;
  /** Beside the title: the page's main actions (LinkButton, a small form), or its state (a Badge). */
  actions?: ReactNode;
  /** The way up, above the title: "← Abrechnung". */
  back?: { href: string; label: string };
}

/** The head of a dashboard or admin page. */
export function PageHeader({ title, description, actions, back }: PageHeaderProps) {
  return (
    <div className={styles.header}>
      {back ? (
        <p className={styles.back}>
          <Link href={back.href}>← {back.label}</Link>
        </p>
      ) : null}
      <div className={styles.row}>
        <h1>{title}</h1>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      {description ? <p className={styles.description}>{description}</p> : null}
    </div>
  );
}
