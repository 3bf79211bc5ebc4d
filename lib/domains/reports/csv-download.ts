import { AppError } from "@/lib/core/errors/errors";
import { attachmentDisposition } from "@/lib/core/http/form-body";
import { pageRange, type ReportRange } from "./report-range";

// The reports' CSV downloads (/admin/reports/*/csv): the range they are asked for and the
// response that carries the file.

/** A parameter's value: absent as "", repeated as the list (which no day is). */
function valueOf(params: URLSearchParams, name: string): string | string[] {
  const all = params.getAll(name);
  return all.length > 1 ? all : (all[0] ?? "");
}

/**
 * The range of a download's `from` and `to` (30 days up to today when absent). A download has no
 * page to show a notice on: a range it cannot take as asked is refused (the page's links always
 * carry one it can).
 */
export function csvRangeOf(url: URL): ReportRange {
  const { range, notices } = pageRange({ from: valueOf(url.searchParams, "from"), to: valueOf(url.searchParams, "to") }, 30);
  if (notices.length) throw new AppError("validation_failed", `Der Zeitraum der CSV-Datei ist ungültig. ${notices.join(" ")}`);
  return range;
}

/** The CSV file as a download named `filename`, kept by no cache. */
export function csvResponse(body: string, filename: string): Response {
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": attachmentDisposition(filename),
      "cache-control": "private, no-store",
    },
  });
}
