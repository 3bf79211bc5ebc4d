import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { HealthReport } from "@/lib/adapters/operations/health";
import { CHECK_LABELS } from "./system-labels";
import figures from "@/components/ui/figure-cards.module.css";
import styles from "./overview.module.css";

/** The system's state in one line: all checks passed, or which fail, with the way to the details. */
export function SystemStateCard({ report }: { report: HealthReport }) {
  const failing = Object.entries(report.checks)
    .filter(([, c]) => c.status === "fail")
    .map(([name]) => CHECK_LABELS[name] ?? name);
  return (
    <section aria-labelledby="state-heading" className={figures.section}>
      <h2 id="state-heading">Systemzustand</h2>
      <p className={styles.state}>
        {failing.length ? (
          <>
            <Badge tone="danger">{failing.length === 1 ? "Eine Prüfung schlägt fehl" : `${failing.length} Prüfungen schlagen fehl`}</Badge>
            <span>{failing.join(", ")}</span>
          </>
        ) : (
          <Badge tone="success">Alle Prüfungen bestanden</Badge>
        )}
        <Link href="/admin/system">Zum Systemstatus</Link>
      </p>
    </section>
  );
}
