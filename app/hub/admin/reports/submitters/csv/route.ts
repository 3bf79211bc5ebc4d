import { ADMIN_SCREENS } from "@/lib/admin/screens";
import { attachmentDisposition } from "@/lib/http/form-body";
import { AppError } from "@/lib/http/errors";
import { apiRoute } from "@/lib/http/route";
import { staffSessionOrThrow } from "@/lib/http/session-route";
import { pageRange } from "@/lib/reports/report-range";
import { SUBMITTER_CSV_PARTS, submitterCsv, type SubmitterCsvPart } from "@/lib/reports/submitter-export";
import { loadSubmitterReport } from "@/lib/reports/submitter-report";

/** A parameter's value: absent as "", repeated as the list (which no day is). */
const valueOf = (params: URLSearchParams, name: string): string | string[] => {
  const all = params.getAll(name);
  return all.length > 1 ? all : (all[0] ?? "");
};

// GET /admin/reports/submitters/csv?part=addresses|rejections&from&to: the submitter report as
// CSV (spec 4.3), for staff holding the report's permission; it sends nothing.
export const GET = apiRoute({ route: "/hub/admin/reports/submitters/csv" }, async ({ request }) => {
  await staffSessionOrThrow(ADMIN_SCREENS.submitterReport.permission);
  const url = new URL(request.url);
  const asked = url.searchParams.get("part");
  const part: SubmitterCsvPart = SUBMITTER_CSV_PARTS.includes(asked as SubmitterCsvPart) ? (asked as SubmitterCsvPart) : "addresses";
  // A download has no page to show a notice on: a range it cannot take as asked is refused
  // (the page's links always carry one it can).
  const { range, notices } = pageRange({ from: valueOf(url.searchParams, "from"), to: valueOf(url.searchParams, "to") }, 30);
  if (notices.length) throw new AppError("validation_failed", `Der Zeitraum der CSV-Datei ist ungültig. ${notices.join(" ")}`);
  const report = await loadSubmitterReport({ range });
  const name = part === "addresses" ? "einsender-unzustellbar" : `einsender-abgelehnt-${range.fromDay}-${range.toDay}`;
  return new Response(submitterCsv(report, part), {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": attachmentDisposition(`${name}.csv`), "cache-control": "private, no-store" },
  });
});
