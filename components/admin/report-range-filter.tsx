import type { ReactNode } from "react";
import { EARLIEST_DAY, latestDay } from "@/lib/reports/report-range";

/** A report's time range as a plain GET form: the view is a link that can be shared and reloaded. */
export function ReportRangeFilter({ action, label, fromDay, toDay, children }: { action: string; label: string; fromDay: string; toDay: string; children?: ReactNode }) {
  return (
    <form method="get" action={action} role="search" aria-label={label} className="form-grid report-filter">
      <div className="field">
        <label htmlFor="report-from">Von</label>
        <input id="report-from" name="from" type="date" min={EARLIEST_DAY} max={latestDay()} defaultValue={fromDay} />
      </div>
      <div className="field">
        <label htmlFor="report-to">Bis (einschließlich)</label>
        <input id="report-to" name="to" type="date" min={EARLIEST_DAY} max={latestDay()} defaultValue={toDay} />
      </div>
      {children}
      <div className="report-filter-submit">
        <button type="submit" className="button">
          Anzeigen
        </button>
      </div>
    </form>
  );
}
