import Link from "next/link";
import type { WaitingWork } from "@/lib/adapters/admin/waiting-work";
import styles from "./overview.module.css";

/** What waits, one card a list: the count, what it means, and the link to the list filtered to it. */
export function WaitingWorkCards({ work }: { work: WaitingWork[] }) {
  return (
    <section aria-labelledby="waiting-heading" className={styles.section}>
      <h2 id="waiting-heading">Wartet auf Sie</h2>
      <ul className={styles.cards}>
        {work.map((w) => (
          <li key={w.kind}>
            <Link href={w.href} className={`${styles.card} ${w.count ? styles.waiting : styles.idle}`} data-kind={w.kind}>
              <span className={styles.count}>{w.count.toLocaleString("de-DE")}</span>
              <span className={styles.label}>{w.label}</span>
              <span className={styles.hint}>{w.count ? w.hint : "Nichts offen."}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
