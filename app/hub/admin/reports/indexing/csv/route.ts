import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { apiRoute } from "@/lib/core/http/route";
import { staffSessionOrThrow } from "@/lib/domains/auth/session-route";
import { csvRangeOf, csvResponse } from "@/lib/domains/reports/csv-download";
import { feedFetchCsv } from "@/lib/domains/reports/feed-fetch-export";
import { loadFeedFetchesPerDay } from "@/lib/domains/reports/feed-fetches-per-day";

// GET /admin/reports/indexing/csv?from&to: feed fetches per day with the completeness flag
// (spec 8, FEED_FETCHES_RECORDED_SINCE), for staff holding the report's permission.
export const GET = apiRoute({ route: "/hub/admin/reports/indexing/csv" }, async ({ request }) => {
  await staffSessionOrThrow(ADMIN_SCREENS.indexingReport.permission);
  const range = csvRangeOf(new URL(request.url));
  // One column of the report: only the feed log is read, not the whole report.
  return csvResponse(feedFetchCsv(await loadFeedFetchesPerDay(range)), `feed-abrufe-${range.fromDay}-${range.toDay}.csv`);
});
