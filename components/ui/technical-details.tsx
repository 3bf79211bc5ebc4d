import type { ReactNode } from "react";
import styles from "./technical-details.module.css";

/**
 * What staff need now and then but a person does not read every day (commands, variable names,
 * status codes, the English diagnostics of the logs), closed by default. The plain-German check
 * of every screen (e2e/every-screen.spec.ts) skips what is inside, by its data attribute.
 */
export function TechnicalDetails({ children, summary = "Technische Details" }: { children: ReactNode; summary?: string }) {
  return (
    <details className={styles.details} data-technical="">
      <summary>{summary}</summary>
      <div className={styles.body}>{children}</div>
    </details>
  );
}
