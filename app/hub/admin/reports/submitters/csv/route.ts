import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { apiRoute } from "@/lib/core/http/route";
import { staffSessionOrThrow } from "@/lib/domains/auth/session-route";
import { csvRangeOf, csvResponse } from "@/lib/domains/reports/csv-download";
import { SUBMITTER_CSV_PARTS, submitterCsv, type SubmitterCsvPart } from "@/lib/domains/reports/submitter-export";
import { loadSubmitterReport } from "@/lib/domains/reports/submitter-report";

// GET /admin/reports/submitters/csv?part=addresses|rejections&from&to: the submitter report as
// CSV (spec 4.3), for staff holding the report's permission; it sends nothing.
export const GET = apiRoute({ route: "/hub/admin/reports/submitters/csv" }, async ({ request }) => {
  await staffSessionOrThrow(ADMIN_SCREENS.submitterReport.permission);
  const url = new URL(request.url);
  const asked = url.searchParams.get("part");
  const part: SubmitterCsvPart = SUBMITTER_CSV_PARTS.includes(asked as SubmitterCsvPart) ? (asked as SubmitterCsvPart) : "addresses";
  const range = csvRangeOf(url);
  const report = await loadSubmitterReport({ range });
  const name = part === "addresses" ? "einsender-unzustellbar" : `einsender-abgelehnt-${range.fromDay}-${range.toDay}`;
  return csvResponse(submitterCsv(report, part), `${name}.csv`);
});
