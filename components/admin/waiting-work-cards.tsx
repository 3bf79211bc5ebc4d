import Link from "next/link";
import type { WaitingWork } from "@/lib/adapters/admin/waiting-work";
import { cx } from "@/components/ui/class-names";
import figures from "@/components/ui/figure-cards.module.css";
import styles from "./overview.module.css";

/** What waits, one card a list: the count, what it means, and the link to the list filtered to it. */
export function WaitingWorkCards({ work }: { work: WaitingWork[] }) {
  return (
    <section aria-labelledby="waiting-heading" className={figures.section}>
      <h2 id="waiting-heading">Wartet auf Sie</h2>
      <ul className={figures.cards}>
        {work.map((w) => (
          <li key={w.kind}>
            <Link href={w.href} className={figures.card} data-kind={w.kind}>
              <span className={cx(figures.figure, w.count ? styles.waiting : styles.idle)}>{w.count.toLocaleString("de-DE")}</span>
              <span className={figures.label}>{w.label}</span>
              <span className={figures.hint}>{w.count ? w.hint : "Nichts offen."}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
