import { z } from "zod";
import { REACH_REPORT_SCREEN, reachReportCsv } from "@/lib/adapters/admin/reach-report";
import { apiRoute } from "@/lib/core/http/route";
import { staffSessionOrThrow } from "@/lib/domains/auth/session-route";
import { csvResponse } from "@/lib/domains/reports/csv-download";

// GET /admin/reports/reach/<table>?portal&newsroom: one table of the admin's reach report
// (monate, pressemitteilungen, newsrooms) as CSV, for staff holding the report's permission.
export const GET = apiRoute(
  { route: "/hub/admin/reports/reach/[table]", params: z.object({ table: z.string().max(40) }) },
  async ({ request, params }) => {
    await staffSessionOrThrow(REACH_REPORT_SCREEN.permission);
    const { body, filename } = await reachReportCsv(new URL(request.url), params.table);
    return csvResponse(body, filename);
  },
);
