import Link from "next/link";
import { Table } from "@/components/ui/table";
import { OVERDUE_LIMITS, type OverdueRelease } from "@/lib/domains/review/overdue-work";
import { SystemTime } from "./system-time";
import figures from "@/components/ui/figure-cards.module.css";

const WAITS_FOR = { review: "die automatische Prüfung", scheduled: "die geplante Veröffentlichung" } as const;

/** Releases stuck in review or past their planned time, each a link to its page, where it can be sent on. */
export function OverdueReleaseTable({ releases }: { releases: OverdueRelease[] }) {
  return (
    <section aria-labelledby="overdue-heading" className={figures.section}>
      <h2 id="overdue-heading">Hängende Pressemitteilungen</h2>
      <p className="meta">
        Nach {OVERDUE_LIMITS.reviewWaitMinutes} Minuten ohne Prüfung oder {OVERDUE_LIMITS.scheduledOverdueMinutes} Minuten nach dem
        geplanten Zeitpunkt gilt eine Pressemitteilung als hängend. Die Hintergrundaufgaben fordern eine fehlende Prüfung von selbst neu an;
        steht hier etwas, laufen sie vermutlich nicht (siehe Systemzustand). Auf der Seite der Pressemitteilung lässt sich die Prüfung von
        Hand neu anfordern.
      </p>
      <Table caption="Hängende Pressemitteilungen, die am längsten wartende zuerst">
        <thead>
          <tr>
            <th scope="col">Pressemitteilung</th>
            <th scope="col">Newsroom</th>
            <th scope="col">Wartet auf</th>
            <th scope="col">Seit</th>
          </tr>
        </thead>
        <tbody>
          {releases.map((r) => (
            <tr key={r.id}>
              <td>
                <Link href={`/admin/releases/${r.id}`}>{r.title || `Nr. ${r.id}`}</Link>
              </td>
              <td>{r.companyName}</td>
              <td>{WAITS_FOR[r.kind]}</td>
              <td>
                <SystemTime at={r.since} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <p>
        <Link href="/admin/releases?status=overdue">Alle hängenden Pressemitteilungen</Link>
      </p>
    </section>
  );
}
