import { ADMIN_SCREENS } from "@/lib/admin/screens";
import { attachmentDisposition } from "@/lib/http/form-body";
import { AppError } from "@/lib/http/errors";
import { apiRoute } from "@/lib/http/route";
import { staffSessionOrThrow } from "@/lib/http/session-route";
import { feedFetchCsv } from "@/lib/reports/feed-fetch-export";
import { loadFeedFetchesPerDay } from "@/lib/reports/feed-fetches-per-day";
import { pageRange } from "@/lib/reports/report-range";

// GET /admin/reports/indexing/csv?from&to: feed fetches per day with the completeness flag
// (spec 8, FEED_FETCHES_RECORDED_SINCE), for staff holding the report's permission.
export const GET = apiRoute({ route: "/hub/admin/reports/indexing/csv" }, async ({ request }) => {
  await staffSessionOrThrow(ADMIN_SCREENS.indexingReport.permission);
  const url = new URL(request.url);
  const one = (name: string) => (url.searchParams.getAll(name).length > 1 ? url.searchParams.getAll(name) : (url.searchParams.get(name) ?? ""));
  // A download has no page to show a notice on: a range it cannot take as asked is refused.
  const { range, notices } = pageRange({ from: one("from"), to: one("to") }, 30);
  if (notices.length) throw new AppError("validation_failed", `Der Zeitraum der CSV-Datei ist ungültig. ${notices.join(" ")}`);
  // One column of the report: only the feed log is read, not the whole report.
  return new Response(feedFetchCsv(await loadFeedFetchesPerDay(range)), {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": attachmentDisposition(`feed-abrufe-${range.fromDay}-${range.toDay}.csv`), "cache-control": "private, no-store" },
  });
});
