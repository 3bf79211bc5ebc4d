import { buttonClass } from "@/components/ui/button";
import styles from "./reach.module.css";

/** "CSV herunterladen" for one table; screen readers hear which table. */
export function CsvLink({ href, table }: { href: string; table: string }) {
  return (
    <p className={styles.csv}>
      <a className={buttonClass({ variant: "secondary", size: "sm" })} href={href} download>
        CSV herunterladen<span className="visually-hidden">: {table}</span>
      </a>
    </p>
  );
}
