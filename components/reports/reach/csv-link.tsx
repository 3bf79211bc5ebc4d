import { buttonClass } from "@/components/ui/button";
import styles from "./reach.module.css";

/** "CSV herunterladen" for one table; screen readers hear which table (the name starts with the visible words). */
export function CsvLink({ href, table }: { href: string; table: string }) {
  return (
    <p className={styles.csv}>
      <a className={buttonClass({ variant: "secondary", size: "sm" })} href={href} download aria-label={`CSV herunterladen: ${table}`}>
        CSV herunterladen
      </a>
    </p>
  );
}
