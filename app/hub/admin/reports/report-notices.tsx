import { Notice } from "@/components/ui/notice";
import { germanDay, type ReportRange } from "@/lib/domains/reports/report-range";

/**
 * What a report could not take from its URL as asked (a date, an event type, a page link),
 * each a sentence, and, for a report with a time range, which range it shows instead.
 * Nothing when all was taken.
 */
export function ReportNotices({ notices, range }: { notices: string[]; range?: Pick<ReportRange, "fromDay" | "toDay"> }) {
  if (!notices.length) return null;
  return (
    <Notice
      tone="warning"
      role="status"
      id="report-notices"
      detail={range ? `Gezeigt wird der Zeitraum vom ${germanDay(range.fromDay)} bis ${germanDay(range.toDay)}.` : undefined}
    >
      {notices.join(" ")}
    </Notice>
  );
}
