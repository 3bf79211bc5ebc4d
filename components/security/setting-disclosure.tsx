import type { ReactNode } from "react";
import { buttonClass } from "@/components/ui/button";
import styles from "./security.module.css";

/**
 * One setting as a line of its state with a button-like summary that opens its form. Closed by
 * default, so the page reads as a list of states rather than five open forms, and an identity
 * proof is asked for only in the form someone opened. A plain <details>: it works without
 * script, and a refresh after an answer keeps it as the person left it.
 */
export function SettingDisclosure({
  state,
  action,
  children,
}: {
  /** The setting's current state in words ("Zuletzt geändert am 03.03.2026"); phrasing content only, it sits in the <summary>. */
  state: ReactNode;
  /** What opening it does ("Ändern", "Einrichten"). */
  action: string;
  children: ReactNode;
}) {
  return (
    <details className={styles.setting}>
      <summary className={styles.settingSummary}>
        <span className={styles.settingState}>{state}</span>
        <span className={buttonClass({ variant: "secondary", size: "sm" })}>{action}</span>
      </summary>
      <div className={styles.settingBody}>{children}</div>
    </details>
  );
}
