import type { ReactNode } from "react";
import { cx } from "./class-names";
import styles from "./badge.module.css";

export type BadgeTone = "neutral" | "info" | "success" | "warning" | "danger" | "muted";

/**
 * A short state ("Veröffentlicht", "Entfernt") in a coloured pill. Every badge also carries
 * the plain class `badge`: browser tests find a badge by it. `className` adds such a hook.
 */
export function Badge({ tone = "neutral", className, children }: { tone?: BadgeTone; className?: string; children: ReactNode }) {
  return <span className={cx("badge", styles.badge, styles[tone], className)}>{children}</span>;
}
